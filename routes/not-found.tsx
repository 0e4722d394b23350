import { buttonClass } from '../components/ui/styles.ts';
import { definePage } from './page.tsx';

export default definePage({
  meta: { title: 'Page Not Found | Northline Digital', description: 'The page you were looking for is not here.', path: '/404', noindex: true },
  Component: () => (
    <section className="mx-auto flex min-h-[60vh] max-w-2xl flex-col items-center justify-center px-4 py-24 text-center sm:px-6">
      <p className="text-6xl font-extrabold text-blue-700">404</p>
      <h1 className="mt-4 text-3xl font-bold tracking-tight text-slate-900 sm:text-4xl">Page Not Found</h1>
      <p className="mt-4 text-lg text-slate-600">The page you asked for has moved or never existed. Let's get you back on track.</p>
      <div className="mt-8 flex flex-wrap justify-center gap-3">
        <a className={buttonClass.primary} href="/">
          Go to the home page
        </a>
        <a className={buttonClass.secondary} href="/services">
          See our services
        </a>
      </div>
    </section>
  ),
});
