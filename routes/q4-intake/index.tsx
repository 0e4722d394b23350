import { PagePlaceholder } from '../../components/PagePlaceholder.tsx';
import { definePage } from '../page.tsx';

export default definePage({
  meta: { title: 'Q4 Client Intake | Northline Digital', description: 'Apply for one of six Q4 client slots. Toronto businesses only.', path: '/q4-intake' },
  Component: () => <PagePlaceholder heading="Q4 Client Intake. 6 Slots. Toronto Only." text="The application form opens shortly." />,
});
