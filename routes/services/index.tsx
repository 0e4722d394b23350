import { PagePlaceholder } from '../../components/PagePlaceholder.tsx';
import { definePage } from '../page.tsx';

export default definePage({
  meta: { title: 'Digital Marketing Services in Toronto | Northline Digital', description: 'SEO, Google Ads, social media, content and lead generation for Toronto local businesses.', path: '/services' },
  Component: () => <PagePlaceholder heading="Our Services" text="Details of our six services are on the way." />,
});
