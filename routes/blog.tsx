import { PagePlaceholder } from '../components/PagePlaceholder.tsx';
import { definePage } from './page.tsx';

export default definePage({
  meta: { title: 'Marketing Blog for Toronto Businesses | Northline Digital', description: 'Practical marketing advice for Toronto local businesses.', path: '/blog' },
  Component: () => <PagePlaceholder heading="Blog" text="Our latest articles for local business owners are on the way." />,
});
