import type { ReactNode, SVGProps } from 'react';

/**
 * The site's line-icon style: a 24-unit outline drawn in the text colour with round ends, hidden from
 * screen readers (each icon sits beside words that say the same). Without `size` the icon is sized by
 * its class.
 */
export function LineIcon({
  size,
  strokeWidth = 2,
  children,
  ...svg
}: { size?: number; strokeWidth?: number; children: ReactNode } & Omit<SVGProps<SVGSVGElement>, 'width' | 'height' | 'strokeWidth'>) {
  return (
    <svg
      aria-hidden="true"
      width={size}
      height={size}
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth={strokeWidth}
      strokeLinecap="round"
      strokeLinejoin="round"
      {...svg}
    >
      {children}
    </svg>
  );
}
