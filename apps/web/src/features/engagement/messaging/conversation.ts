import type { UserMessage } from '@kampus/shared';

/** Splits a full name into the parts the initials rule reads (spec §5): the first word, then the rest. */
export function nameParts(fullname: string): { name: string; surname: string } {
  const [name = '', ...rest] = fullname.trim().split(/\s+/);
  return { name, surname: rest.join(' ') };
}

/** The title of a row: a group's name, else the other person; empty when the person is unknown. */
export function conversationTitle(conversation: UserMessage): string {
  return conversation.group?.name ?? conversation.user.fullname;
}

/** One line of the latest message, so a long message never grows the dropdown. */
export function excerpt(message: string, max = 80): string {
  const line = message.replace(/\s+/g, ' ').trim();
  return line.length > max ? `${line.slice(0, max - 1).trimEnd()}…` : line;
}
