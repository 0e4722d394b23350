/** A grey placeholder block shown while content loads. */
export function Skeleton({ className = '' }: { className?: string }) {
  return <div aria-hidden="true" className={`animate-pulse rounded-md bg-slate-200 ${className}`} />;
}

/** The placeholder for a card's text: a label, a title and three lines. */
export function SkeletonCardText({ className = '' }: { className?: string }) {
  return (
    <div aria-hidden="true" className={`space-y-3 ${className}`}>
      <Skeleton className="h-4 w-1/3" />
      <Skeleton className="h-6 w-5/6" />
      <Skeleton className="h-4 w-full" />
      <Skeleton className="h-4 w-full" />
      <Skeleton className="h-4 w-2/3" />
    </div>
  );
}
