import type { ComponentType } from 'react';
import AuditWizard from './AuditWizard.tsx';
import HeaderMenu from './HeaderMenu.tsx';
import HeroVariant from './HeroVariant.tsx';
import Toaster from './Toaster.tsx';

/**
 * Every island, by name. The build makes one bundle per entry (islands/<Name>.tsx); `toasts` marks
 * islands that show toasts, so the layout adds the Toaster island only to pages that need it.
 * `wrapperClass` styles the island's <div> (for layout around it, e.g. hiding on desktop).
 */
export const islands = {
  HeaderMenu: { component: HeaderMenu, toasts: false, wrapperClass: 'md:hidden' },
  Toaster: { component: Toaster, toasts: false, wrapperClass: undefined },
  HeroVariant: { component: HeroVariant, toasts: false, wrapperClass: undefined },
  AuditWizard: { component: AuditWizard, toasts: true, wrapperClass: undefined },
} satisfies Record<string, { component: ComponentType<any>; toasts: boolean; wrapperClass: string | undefined }>;

export type IslandName = keyof typeof islands;

export const islandNames = Object.keys(islands) as IslandName[];
