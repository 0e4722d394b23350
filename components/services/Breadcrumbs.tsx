import type { Crumb } from '../../lib/content/structured-data.ts';
import { pageContainer } from '../ui/styles.ts';

/** The visible twin of the page's BreadcrumbList JSON-LD; the last crumb is the current page. */
export function Breadcrumbs({ crumbs }: { crumbs: readonly Crumb[] }) {
  return (
    <nav aria-label="Breadcrumb" className={`${pageContainer} pt-6 text-sm`}>
      <ol className="flex flex-wrap items-center gap-1 text-slate-600">
        {crumbs.map((crumb, i) => {
          const last = i === crumbs.length - 1;
          return (
            <li key={crumb.path} className="flex items-center gap-1">
              {last ? (
                <span aria-current="page" className="font-medium text-slate-900">
                  {crumb.name}
                </span>
              ) : (
                <>
                  <a href={crumb.path} className="underline-offset-2 hover:text-blue-800 hover:underline">
                    {crumb.name}
                  </a>
                  <span aria-hidden="true">/</span>
                </>
              )}
            </li>
          );
        })}
      </ol>
    </nav>
  );
}
