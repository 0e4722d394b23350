import { agency } from '../lib/site.ts';

export function Logo({ inverted = false }: { inverted?: boolean }) {
  return (
    <span className="inline-flex items-center gap-2">
      <svg aria-hidden="true" width="32" height="32" viewBox="0 0 32 32">
        <rect width="32" height="32" rx="8" fill={inverted ? '#ffffff' : '#1d4ed8'} />
        <path d="M9 22V10l14 12V10" fill="none" stroke={inverted ? '#1d4ed8' : '#ffffff'} strokeWidth="3" strokeLinecap="round" strokeLinejoin="round" />
      </svg>
      <span className={`text-lg font-bold tracking-tight ${inverted ? 'text-white' : 'text-slate-900'}`}>{agency.name}</span>
    </span>
  );
}
