import type { ComponentType } from 'react';
import AuditWizard from '../../islands/AuditWizard.tsx';
import BlogExplorer from '../../islands/BlogExplorer.tsx';
import GlossarySearch from '../../islands/GlossarySearch.tsx';
import IntakeForm from '../../islands/IntakeForm.tsx';
import LeadStatus from '../../islands/LeadStatus.tsx';
import StoryGenerator from '../../islands/StoryGenerator.tsx';
import Toaster from '../../islands/Toaster.tsx';

/**
 * When an island's code loads and hydrates it (client/islands/loader.ts):
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
 * `hydrate` says when it hydrates (default `load`); a page can override it for one instance.
 */
export const islands = {
  Toaster: { component: Toaster, toasts: false, hydrate: 'alongside' },
  GlossarySearch: { component: GlossarySearch, toasts: false, hydrate: 'visible' },
  BlogExplorer: { component: BlogExplorer, toasts: true, hydrate: 'interaction' },
  StoryGenerator: { component: StoryGenerator, toasts: true, hydrate: 'interaction' },
  IntakeForm: { component: IntakeForm, toasts: true, hydrate: 'visible' },
  AuditWizard: { component: AuditWizard, toasts: true, hydrate: 'visible' },
  // Staff change statuses in a row: ready with the page, so the first choice already saves in place.
  LeadStatus: { component: LeadStatus, toasts: false, hydrate: 'load' },
} satisfies Record<string, IslandEntry>;

type IslandEntry = { component: ComponentType<never>; toasts: boolean; hydrate: Hydration };

export type IslandName = keyof typeof islands;

export const islandNames = Object.keys(islands) as IslandName[];
