import { PagePlaceholder } from '../../components/PagePlaceholder.tsx';
import { definePage } from '../page.tsx';

export default definePage({
  meta: { title: 'A/B Test Dashboard | Northline Digital', description: 'Results of the running A/B tests.', path: '/admin/ab-tests', noindex: true },
  Component: () => <PagePlaceholder heading="A/B Test Dashboard" text="Test results will appear here." />,
});
