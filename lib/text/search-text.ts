// Text as a search compares it: lower case, runs of white space as one space, trimmed. Its own module,
// so the glossary's search island imports this and none of the glossary's content.

export const searchText = (text: string): string => text.toLowerCase().replace(/\s+/g, ' ').trim();
