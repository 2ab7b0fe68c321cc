import type { ReactElement } from 'react';

/**
 * The presence avatars' animals (domain AVATAR_ANIMALS) as small drawings in the avatar's own white,
 * so every browser shows them alike: an emoji needs a colour-emoji font, which many machines lack.
 */
const DRAWINGS: Record<string, (ink: string) => ReactElement> = {
  Fox: (ink) => (
    <>
      <path d="M3 3l6 5h6l6-5-1 10-8 8-8-8z" fill="currentColor" />
      <path d="M7.5 15.5L12 19l4.5-3.5-4.5-1.5z" fill={ink} opacity="0.25" />
      <circle cx="9" cy="12" r="1.2" fill={ink} />
      <circle cx="15" cy="12" r="1.2" fill={ink} />
      <circle cx="12" cy="18.2" r="1.1" fill={ink} />
    </>
  ),
  Owl: (ink) => (
    <>
      <path d="M5 4l3 3h8l3-3v11a7 7 0 0 1-14 0z" fill="currentColor" />
      <circle cx="9" cy="11" r="2.6" fill={ink} opacity="0.25" />
      <circle cx="15" cy="11" r="2.6" fill={ink} opacity="0.25" />
      <circle cx="9" cy="11" r="1.2" fill={ink} />
      <circle cx="15" cy="11" r="1.2" fill={ink} />
      <path d="M11 14h2l-1 2z" fill={ink} />
    </>
  ),
  Panda: (ink) => (
    <>
      <circle cx="6" cy="6" r="3" fill="currentColor" />
      <circle cx="18" cy="6" r="3" fill="currentColor" />
      <circle cx="12" cy="13" r="8" fill="currentColor" />
      <ellipse cx="8.8" cy="12" rx="1.9" ry="2.5" fill={ink} transform="rotate(25 8.8 12)" />
      <ellipse cx="15.2" cy="12" rx="1.9" ry="2.5" fill={ink} transform="rotate(-25 15.2 12)" />
      <ellipse cx="12" cy="16.5" rx="1.4" ry="1" fill={ink} />
    </>
  ),
  Koala: (ink) => (
    <>
      <circle cx="5" cy="9" r="4" fill="currentColor" />
      <circle cx="19" cy="9" r="4" fill="currentColor" />
      <circle cx="12" cy="13" r="7" fill="currentColor" />
      <circle cx="9" cy="11.5" r="1.1" fill={ink} />
      <circle cx="15" cy="11.5" r="1.1" fill={ink} />
      <ellipse cx="12" cy="15" rx="2" ry="2.8" fill={ink} />
    </>
  ),
  Penguin: (ink) => (
    <>
      <ellipse cx="12" cy="13" rx="7" ry="9" fill="currentColor" />
      <ellipse cx="12" cy="15" rx="4.2" ry="6" fill={ink} opacity="0.2" />
      <circle cx="9.5" cy="8.5" r="1.1" fill={ink} />
      <circle cx="14.5" cy="8.5" r="1.1" fill={ink} />
      <path d="M10.5 10.5h3L12 13z" fill={ink} />
    </>
  ),
  Tiger: (ink) => (
    <>
      <circle cx="6.5" cy="6.5" r="2.8" fill="currentColor" />
      <circle cx="17.5" cy="6.5" r="2.8" fill="currentColor" />
      <circle cx="12" cy="13" r="8" fill="currentColor" />
      <path
        d="M12 5.2v3M9 5.8l.8 2.4M15 5.8l-.8 2.4M4.3 12h3M4.8 15h2.7M19.7 12h-3M19.2 15h-2.7"
        stroke={ink}
        strokeWidth="1.2"
        strokeLinecap="round"
      />
      <circle cx="9.3" cy="12" r="1.1" fill={ink} />
      <circle cx="14.7" cy="12" r="1.1" fill={ink} />
      <path d="M10.8 15.3h2.4L12 16.8z" fill={ink} />
    </>
  ),
  Whale: (ink) => (
    <>
      <path d="M2 13c0-4 4-6 9-6 5 0 8 3 9 6l2-3v6l-3-1c-2 4-6 5-9 5-5 0-8-3-8-7z" fill="currentColor" />
      <path d="M11 6c0-2 1-3 2-3M11 6c0-2-1-3-2-3" stroke="currentColor" strokeWidth="1.2" fill="none" />
      <circle cx="7" cy="12" r="1.1" fill={ink} />
      <path d="M4 15.5c3 1.5 8 1.5 12 0" stroke={ink} strokeWidth="1" fill="none" opacity="0.4" />
    </>
  ),
  Rabbit: (ink) => (
    <>
      <ellipse cx="9" cy="6" rx="2" ry="5" fill="currentColor" />
      <ellipse cx="15" cy="6" rx="2" ry="5" fill="currentColor" />
      <circle cx="12" cy="15" r="6.5" fill="currentColor" />
      <circle cx="9.6" cy="14" r="1.1" fill={ink} />
      <circle cx="14.4" cy="14" r="1.1" fill={ink} />
      <path d="M11 16.5h2L12 17.6z" fill={ink} />
    </>
  ),
  Turtle: (ink) => (
    <>
      <path d="M4 15a8 7 0 0 1 16 0z" fill="currentColor" />
      <circle cx="21" cy="13" r="2.2" fill="currentColor" />
      <rect x="5" y="15" width="3" height="3.5" rx="1.2" fill="currentColor" />
      <rect x="15" y="15" width="3" height="3.5" rx="1.2" fill="currentColor" />
      <path d="M8 15l2-4h4l2 4M12 8v3" stroke={ink} strokeWidth="1" fill="none" opacity="0.35" />
      <circle cx="21.6" cy="12.5" r="0.7" fill={ink} />
    </>
  ),
  Dolphin: (ink) => (
    <>
      <path d="M2 14c2-5 7-8 12-8l1-3 2 4c2 1 4 3 5 6l-3-1c-1 2-3 3-5 3l-1 3-2-3c-3 0-6-1-9-1z" fill="currentColor" />
      <circle cx="7.5" cy="12" r="1" fill={ink} />
    </>
  ),
};

/** One animal's drawing, sized to the text around it; the name is the avatar's to say. */
export function AnimalIcon({ animal, ink }: { animal: string; ink: string }) {
  const drawing = DRAWINGS[animal];
  if (!drawing) return <span aria-hidden>{animal.slice(0, 1)}</span>;
  return (
    <svg
      viewBox="0 0 24 24"
      width="1.4em"
      height="1.4em"
      aria-hidden
      focusable="false"
      data-animal={animal}
      style={{ color: '#fff', verticalAlign: '-0.3em' }}
    >
      {drawing(ink)}
    </svg>
  );
}
