// Line icons drawn on a 24×24 grid (stroke only), rendered inline by components/services/Icon.tsx.
// Our own drawings: each is a list of SVG path commands.

export const icons = {
  layers: ['M12 3l9 5-9 5-9-5z', 'M3 13l9 5 9-5'],
  megaphone: ['M3 10v4h4l6 4V6l-6 4H3z', 'M16 9a4 4 0 0 1 0 6', 'M19 6a8 8 0 0 1 0 12'],
  chat: ['M4 5h16v10H9l-5 4z', 'M8 9h8', 'M8 12h5'],
  target: ['M4 12a8 8 0 1 0 16 0a8 8 0 1 0-16 0', 'M8 12a4 4 0 1 0 8 0a4 4 0 1 0-8 0', 'M12 12h.01'],
  search: ['M4 11a7 7 0 1 0 14 0a7 7 0 1 0-14 0', 'M16 16l5 5'],
  pointer: ['M5 4l6 16 2-6.5 6.5-2z', 'M13 13l5 5'],
  document: ['M6 3h9l4 4v14H6z', 'M14 3v5h5', 'M9 13h7', 'M9 17h5'],
  chart: ['M3 20h18', 'M6 20v-7', 'M11 20V5', 'M16 20v-10'],
  trend: ['M3 17l6-6 4 4 8-8', 'M15 7h6v6'],
  mapPin: ['M12 21s-7-6-7-11a7 7 0 0 1 14 0c0 5-7 11-7 11z', 'M10 10a2 2 0 1 0 4 0a2 2 0 1 0-4 0'],
  phone: ['M5 4h4l2 5-2.5 1.5a11 11 0 0 0 5 5L15 13l5 2v4a2 2 0 0 1-2 2A16 16 0 0 1 3 6a2 2 0 0 1 2-2z'],
  star: ['M12 3l2.7 5.6 6.1.9-4.4 4.3 1 6.1L12 17l-5.4 2.9 1-6.1-4.4-4.3 6.1-.9z'],
  calendar: ['M4 6h16v14H4z', 'M4 10h16', 'M8 3v4', 'M16 3v4'],
  users: ['M5.5 7.5a3.5 3.5 0 1 0 7 0a3.5 3.5 0 1 0-7 0', 'M2 20a7 7 0 0 1 14 0', 'M16 4a3.5 3.5 0 0 1 0 7', 'M18 14a6 6 0 0 1 4 6'],
  mail: ['M3 6h18v12H3z', 'M3 7l9 6 9-6'],
  camera: ['M4 7h3l2-3h6l2 3h3v12H4z', 'M9 13a3 3 0 1 0 6 0a3 3 0 1 0-6 0'],
  shield: ['M12 3l8 3v6c0 5-3.5 8-8 9-4.5-1-8-4-8-9V6z', 'M9 12l2 2 4-4'],
  bolt: ['M13 2L4 14h7l-1 8 9-12h-7z'],
  funnel: ['M3 4h18l-7 8v6l-4 2v-8z'],
  dollar: ['M12 2v20', 'M17 6H9.5a3.5 3.5 0 0 0 0 7h5a3.5 3.5 0 0 1 0 7H6'],
  report: ['M8 3h8v4H8z', 'M6 5H4v16h16V5h-2', 'M8 12h8', 'M8 16h5'],
  link: ['M10 14a4 4 0 0 0 6 0l3-3a4 4 0 0 0-6-6l-1 1', 'M14 10a4 4 0 0 0-6 0l-3 3a4 4 0 0 0 6 6l1-1'],
  check: ['M4 12l5 5L20 6'],
} as const satisfies Record<string, readonly string[]>;

export type IconName = keyof typeof icons;
