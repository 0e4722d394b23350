import type { ComponentType } from 'react';
import AbDashboard from './AbDashboard.tsx';
import AuditWizard from './AuditWizard.tsx';
import BlogExplorer from './BlogExplorer.tsx';
import GlossarySearch from './GlossarySearch.tsx';
import HeaderMenu from './HeaderMenu.tsx';
import HeroVariant from './HeroVariant.tsx';
import IntakeForm from './IntakeForm.tsx';
import StoryGenerator from './StoryGenerator.tsx';
import Toaster from './Toaster.tsx';

/**
 * When an island's code loads and hydrates it (components/island-loader.ts):
 * - `load`: with the page (its bundle is a module script in <head>);
 * - `visible`: when it comes near the viewport, or is touched (below-the-fold forms);
 * - `interaction`: when the visitor touches it (a click before then is replayed), so a page whose
 *   islands all wait ships no React at all until someone uses it;
 * - `alongside`: with the first other island (the Toaster, which only shows what other islands say).
 */
export type Hydration = 'load' | 'visible' | 'interaction' | 'alongside';

/**
 * Every island, by name. The build makes one bundle per entry (islands/<Name>.tsx); `toasts` marks
 * islands that show toasts, so the layout adds the Toaster island only to pages that need it.
 * `wrapperClass` styles the island's <div> (for layout around it, e.g. hiding on desktop).
 * `hydrate` says when it hydrates (default `load`); a page can override it for one instance.
 */
export const islands = {
  HeaderMenu: { component: HeaderMenu, toasts: false, wrapperClass: 'md:hidden', hydrate: 'interaction' },
  Toaster: { component: Toaster, toasts: false, wrapperClass: undefined, hydrate: 'alongside' },
  GlossarySearch: { component: GlossarySearch, toasts: false, wrapperClass: undefined, hydrate: 'visible' },
  AbDashboard: { component: AbDashboard, toasts: false, wrapperClass: undefined, hydrate: 'interaction' },
  BlogExplorer: { component: BlogExplorer, toasts: true, wrapperClass: undefined, hydrate: 'interaction' },
  StoryGenerator: { component: StoryGenerator, toasts: true, wrapperClass: undefined, hydrate: 'interaction' },
  IntakeForm: { component: IntakeForm, toasts: true, wrapperClass: undefined, hydrate: 'visible' },
  HeroVariant: { component: HeroVariant, toasts: false, wrapperClass: undefined, hydrate: 'interaction' },
  AuditWizard: { component: AuditWizard, toasts: true, wrapperClass: undefined, hydrate: 'visible' },
} satisfies Record<string, IslandEntry>;

type IslandEntry = { component: ComponentType<any>; toasts: boolean; wrapperClass: string | undefined; hydrate?: Hydration };

export type IslandName = keyof typeof islands;

export const islandNames = Object.keys(islands) as IslandName[];
