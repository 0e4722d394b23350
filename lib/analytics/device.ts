// The kind of device a page view came from, by its user agent: a phone, a tablet or a computer. Only
// the class is kept, never the user agent itself. Tablets first: an Android tablet's agent says Android
// without "Mobile", an iPad's says iPad (iPadOS 13 and later ask for the desktop site and say Macintosh,
// so they count as desktops, as every analytics tool counts them).

export const DEVICES = ['mobile', 'tablet', 'desktop'] as const;
export type Device = (typeof DEVICES)[number];

const TABLET = /\b(iPad|Tablet|PlayBook|Kindle|Silk|Nexus (7|9|10)|SM-T\d|KF[A-Z]{2,4}\b)/i;
const ANDROID = /\bAndroid\b/i;
const MOBILE_WORD = /\bMobile\b/i;
const MOBILE = /\b(Mobi|iPhone|iPod|Windows Phone|IEMobile|BlackBerry|BB10|Opera Mini|webOS|KaiOS)\b/i;

/** mobile, tablet or desktop (an agent that says nothing of either is a desktop). Each pattern reads the agent once, however long. */
export function deviceOf(userAgent: string): Device {
  if (TABLET.test(userAgent)) return 'tablet';
  if (ANDROID.test(userAgent)) return MOBILE_WORD.test(userAgent) ? 'mobile' : 'tablet';
  if (MOBILE.test(userAgent)) return 'mobile';
  return 'desktop';
}
