import type { ServiceIcon } from '../../lib/content/home.ts';
import { LineIcon } from '../ui/LineIcon.tsx';

const PATHS: Record<ServiceIcon, string> = {
  megaphone: 'M3 11v2a1 1 0 0 0 1 1h2l5 4V6L6 10H4a1 1 0 0 0-1 1zM15 8a5 5 0 0 1 0 8M18 5a9 9 0 0 1 0 14',
  chat: 'M21 12a8 8 0 0 1-11.6 7.1L4 20l1-4.6A8 8 0 1 1 21 12zM8 11h.01M12 11h.01M16 11h.01',
  magnet: 'M6 4v7a6 6 0 0 0 12 0V4h-4v7a2 2 0 0 1-4 0V4zM6 8h4M14 8h4',
  search: 'M11 18a7 7 0 1 0 0-14 7 7 0 0 0 0 14zM21 21l-5-5',
  target: 'M12 21a9 9 0 1 0 0-18 9 9 0 0 0 0 18zM12 16a4 4 0 1 0 0-8 4 4 0 0 0 0 8zM12 12h.01',
  pen: 'M4 20h4L19 9l-4-4L4 16zM13.5 6.5l4 4',
};

/** A line icon for a service card. */
export function ServiceIconSvg({ icon }: { icon: ServiceIcon }) {
  return (
    <LineIcon size={24}>
      <path d={PATHS[icon]} />
    </LineIcon>
  );
}

export function CheckIcon({ className = '' }: { className?: string }) {
  return (
    <LineIcon size={18} strokeWidth={2.5} className={className}>
      <path d="M5 12l5 5L20 7" />
    </LineIcon>
  );
}

export function StarIcon() {
  return (
    <svg aria-hidden="true" width="18" height="18" viewBox="0 0 24 24" fill="currentColor">
      <path d="M12 2.5l2.9 6 6.6.9-4.8 4.6 1.2 6.5L12 17.4l-5.9 3.1 1.2-6.5L2.5 9.4l6.6-.9z" />
    </svg>
  );
}
