/**
 * The one place where the server's technical validation texts ("must be a UUID", "Invalid input:
 * expected string, received undefined") become words a user understands. The spec's own messages
 * ("Email is not in the correct format") pass through unchanged.
 */

/** Members that name no field a user sees (the whole body, the query, the path). */
const NO_FIELD = new Set(['', 'body', 'querystring', 'query', 'params', 'headers', 'id']);

/** A field's name as words: `centreId` → "Centre", `appointment.startTime` → "Start time". */
export function fieldWords(member: string | undefined): string | undefined {
  const last =
    (member ?? '')
      .split('.')
      .filter((part) => !/^\d+$/.test(part))
      .pop() ?? '';
  if (NO_FIELD.has(last)) return undefined;
  const words = last
    .replace(/Ids?$/, '')
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .replace(/[_-]+/g, ' ')
    .trim()
    .toLowerCase();
  return words ? words[0]!.toUpperCase() + words.slice(1) : undefined;
}

type Rule = { test: RegExp; say: (field: string | undefined, match: RegExpExecArray) => string };

const RULES: Rule[] = [
  {
    test: /\bmust be a UUID\b|^Invalid UUID/i,
    say: (field) => (field ? `Please choose a valid ${field.toLowerCase()}.` : 'The record asked for does not exist.'),
  },
  {
    test: /^Invalid input: expected \w+, received (undefined|null)\b/,
    say: (field) => (field ? `${field} is required.` : 'Some required information is missing.'),
  },
  {
    test: /^Invalid option: expected one of\b/,
    say: (field) =>
      field
        ? `Please choose one of the offered values for ${field.toLowerCase()}.`
        : 'A choice is not one of those offered.',
  },
  {
    test: /^Too small: expected string to have >=1 characters?\b/,
    say: (field) => (field ? `${field} is required.` : 'Some required information is missing.'),
  },
  {
    test: /^Too (big|small): expected string to have (<=|>=)(\d+) characters?\b/,
    say: (field, m) => `${field ?? 'A value'} must be at ${m[2] === '<=' ? 'most' : 'least'} ${m[3]} characters long.`,
  },
  {
    test: /^Too (big|small): expected number to be (<=|>=|<|>)(-?[\d.]+)/,
    say: (field, m) =>
      `${field ?? 'A number'} must be ${{ '<=': 'at most', '>=': 'at least', '<': 'less than', '>': 'more than' }[m[2]!]} ${m[3]}.`,
  },
  {
    test: /^Too (big|small): expected array to have (<=|>=)(\d+) items?\b/,
    say: (field, m) =>
      `Choose at ${m[2] === '<=' ? 'most' : 'least'} ${m[3]} for ${(field ?? 'this list').toLowerCase()}.`,
  },
  {
    test: /^Invalid (ISO )?(date|datetime|time)\b/i,
    say: (field, m) => `${field ?? 'A value'} is not a valid ${m[2]!.toLowerCase() === 'time' ? 'time' : 'date'}.`,
  },
  {
    test: /^Invalid (email|e-mail)\b/i,
    say: (field) => `${field ?? 'The email address'} is not a valid email address.`,
  },
  {
    test: /^Invalid string: must match pattern\b|^Invalid string\b/,
    say: (field) => `${field ?? 'A value'} is not in the correct format.`,
  },
  {
    test: /^Invalid input: expected (number|int|integer|bigint)\b/,
    say: (field) => `${field ?? 'A value'} must be a number.`,
  },
  {
    test: /^Invalid input: expected boolean\b/,
    say: (field) => `${field ?? 'A value'} must be yes or no.`,
  },
  {
    test: /^Invalid input\b/,
    say: (field) => `${field ?? 'A value'} is not valid.`,
  },
  {
    test: /^Unknown field\(s\)/,
    say: () => 'This screen sent something the server does not accept. Please reload the page and try again.',
  },
];

/**
 * A validation message in words: a technical text of the validation library becomes a sentence about
 * the field; a message that begins with a field's code name ("entityId must be …") names it in words.
 */
export function plainMessage(message: string, members: readonly string[] = []): string {
  const field = fieldWords(members[0]);
  for (const rule of RULES) {
    const match = rule.test.exec(message);
    if (match) return rule.say(field, match);
  }
  const named = /^([a-z]+(?:[A-Z][a-z0-9]*)+)\b(.*)$/.exec(message);
  if (named) return `${fieldWords(named[1]) ?? named[1]}${named[2]}`;
  return message;
}
