import type { ComponentType } from 'react';
import AuditWizard from '../../islands/AuditWizard.tsx';
import BlogExplorer from '../../islands/BlogExplorer.tsx';
import GlossarySearch from '../../islands/GlossarySearch.tsx';
import IntakeForm from '../../islands/IntakeForm.tsx';
import LeadStatus from '../../islands/LeadStatus.tsx';
import NextAction from '../../islands/NextAction.tsx';
import OverdueHeadline from '../../islands/OverdueHeadline.tsx';
import PipelineBoard from '../../islands/PipelineBoard.tsx';
import StoryGenerator from '../../islands/StoryGenerator.tsx';
import Toaster from '../../islands/Toaster.tsx';

/**
 * When an island's code loads and hydrates it (client/islands/loader.ts):
 * - `load`: with the page (its bundle is a module script in <head>);
 * - `idle`: soon after the page has loaded, in idle time, one island at a time, the one nearest the
 *   screen first; at once when the visitor touches it first;
 * - `alongside`: with the first other island (the Toaster, which only shows what other islands say).
 */
export type Hydration = 'load' | 'idle' | 'alongside';

/**
 * What the island's controls do before it has hydrated: `native`, they work without it (real links,
 * inputs, labels and forms: the page lets them be); `held`, they need it, so every click on the island
 * is held and replayed in order once it has hydrated.
 */
export type EarlyTaps = 'native' | 'held';

/**
 * Every island, by name. The build makes one bundle per entry (islands/<Name>.tsx); `toasts` marks
 * islands that show toasts, so the layout adds the Toaster island only to pages that need it.
 * `hydrate` says when it hydrates; a page can override it for one instance.
 */
export const islands = {
  Toaster: { component: Toaster, toasts: false, hydrate: 'alongside', early: 'native' },
  GlossarySearch: { component: GlossarySearch, toasts: false, hydrate: 'idle', early: 'native' },
  BlogExplorer: { component: BlogExplorer, toasts: true, hydrate: 'idle', early: 'held' },
  StoryGenerator: { component: StoryGenerator, toasts: true, hydrate: 'idle', early: 'held' },
  IntakeForm: { component: IntakeForm, toasts: true, hydrate: 'idle', early: 'native' },
  AuditWizard: { component: AuditWizard, toasts: true, hydrate: 'idle', early: 'native' },
  // Staff change statuses in a row: ready with the page, so the first choice already saves in place.
  LeadStatus: { component: LeadStatus, toasts: false, hydrate: 'load', early: 'native' },
  // Its row's next action, redrawn when the row's status changes in place: hydrated with LeadStatus.
  NextAction: { component: NextAction, toasts: false, hydrate: 'load', early: 'native' },
  // The inbox's overdue headline, recounted by each one-click status: hydrated with LeadStatus.
  OverdueHeadline: { component: OverdueHeadline, toasts: false, hydrate: 'load', early: 'native' },
  // The board's cards move by their plain forms until it hydrates; with the page, so dragging works at once.
  PipelineBoard: { component: PipelineBoard, toasts: false, hydrate: 'load', early: 'native' },
} satisfies Record<string, IslandEntry>;

type IslandEntry = { component: ComponentType<never>; toasts: boolean; hydrate: Hydration; early: EarlyTaps };

export type IslandName = keyof typeof islands;

export const islandNames = Object.keys(islands) as IslandName[];
