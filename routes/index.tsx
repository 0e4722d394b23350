import { definePage } from './page.tsx';
import { agency } from '../lib/site.ts';

export default definePage({
  meta: {
    title: 'Digital Marketing Agency Toronto',
    description: 'Northline Digital helps Toronto local businesses win more customers with SEO, Google Ads, social media and lead generation.',
    path: '/',
    isHome: true,
  },
  Component: () => (
    <>
      <section className="bg-gradient-to-b from-blue-50 to-white px-4 py-24 text-center sm:px-6">
        <h1 className="text-4xl font-bold tracking-tight text-slate-900 sm:text-5xl">Digital marketing for Toronto local businesses</h1>
        <p className="mx-auto mt-4 max-w-2xl text-lg text-slate-600">{agency.name} brings in the calls, bookings and leads that keep local service firms busy.</p>
      </section>
      <section id="contact" className="px-4 py-24 text-center sm:px-6">
        <h2 className="text-3xl font-bold text-slate-900">Get in touch</h2>
        <p className="mt-4 text-slate-600">Call us at <a className="text-blue-700 underline" href={`tel:${agency.phone}`}>{agency.phoneDisplay}</a>.</p>
      </section>
    </>
  ),
});
