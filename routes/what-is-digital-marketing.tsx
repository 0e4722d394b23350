import { PagePlaceholder } from '../components/PagePlaceholder.tsx';
import { definePage } from './page.tsx';

export default definePage({
  meta: { title: 'What is Digital Marketing? A Guide for Toronto Businesses | Northline Digital', description: 'A plain-language guide to digital marketing for Toronto business owners.', path: '/what-is-digital-marketing' },
  Component: () => <PagePlaceholder heading="What is Digital Marketing?" text="Our plain-language guide is being written." />,
});
