import { PagePlaceholder } from '../../components/PagePlaceholder.tsx';
import { definePage } from '../page.tsx';

export default definePage({
  meta: { title: "You're on the Q4 list | Northline Digital", description: 'Thanks for applying for a Q4 client slot.', path: '/q4-intake/thank-you', noindex: true },
  Component: () => <PagePlaceholder heading="You're on the Q4 list." text="We will email you within 2 business days." />,
});
