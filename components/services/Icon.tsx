import { type IconName, icons } from '../../lib/content/icons.ts';
import { LineIcon } from '../ui/LineIcon.tsx';

/** One of our line icons, inline; decorative (the text beside it carries the meaning). */
export function Icon({ name, className = 'h-6 w-6' }: { name: IconName; className?: string }) {
  return (
    <LineIcon strokeWidth={1.75} focusable="false" className={className}>
      {icons[name].map((d) => (
        <path key={d} d={d} />
      ))}
    </LineIcon>
  );
}
