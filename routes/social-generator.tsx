import { PagePlaceholder } from '../components/PagePlaceholder.tsx';
import { definePage } from './page.tsx';

export default definePage({
  meta: { title: 'Social Story Generator | Northline Digital', description: 'Turn a blog post into Instagram, LinkedIn, Facebook and Twitter posts.', path: '/social-generator', noindex: true },
  Component: () => <PagePlaceholder heading="Social Story Generator" text="The story generator is being set up." />,
});
