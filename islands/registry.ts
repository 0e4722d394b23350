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
 * Every island, by name. The build makes one bundle per entry (islands/<Name>.tsx); `toasts` marks
 * islands that show toasts, so the layout adds the Toaster island only to pages that need it.
 * `wrapperClass` styles the island's <div> (for layout around it, e.g. hiding on desktop).
 * `hydrate: 'visible'` marks below-the-fold islands: their bundle loads only when they come near the
 * viewport or are touched (components/island-loader.ts); others load with the page.
 */
export const islands = {
  HeaderMenu: { component: HeaderMenu, toasts: false, wrapperClass: 'md:hidden' },
  Toaster: { component: Toaster, toasts: false, wrapperClass: undefined },
  GlossarySearch: { component: GlossarySearch, toasts: false, wrapperClass: undefined, hydrate: 'visible' },
  AbDashboard: { component: AbDashboard, toasts: false, wrapperClass: undefined, hydrate: 'visible' },
  BlogExplorer: { component: BlogExplorer, toasts: true, wrapperClass: undefined },
  StoryGenerator: { component: StoryGenerator, toasts: true, wrapperClass: undefined, hydrate: 'visible' },
  IntakeForm: { component: IntakeForm, toasts: true, wrapperClass: undefined, hydrate: 'visible' },
  HeroVariant: { component: HeroVariant, toasts: false, wrapperClass: undefined },
  AuditWizard: { component: AuditWizard, toasts: true, wrapperClass: undefined, hydrate: 'visible' },
} satisfies Record<string, IslandEntry>;

type IslandEntry = { component: ComponentType<any>; toasts: boolean; wrapperClass: string | undefined; hydrate?: 'load' | 'visible' };

export type IslandName = keyof typeof islands;

export const islandNames = Object.keys(islands) as IslandName[];
