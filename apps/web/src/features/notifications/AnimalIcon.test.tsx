import { render } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { AVATAR_ANIMALS, AVATAR_COLOURS } from '@casebook/domain';
import { AnimalIcon } from './AnimalIcon';

describe('presence avatar animals', () => {
  it('every animal a viewer can be given is drawn, not left to an emoji font', () => {
    for (const animal of AVATAR_ANIMALS) {
      const { container, unmount } = render(<AnimalIcon animal={animal} ink={AVATAR_COLOURS[0]} />);
      const svg = container.querySelector('svg');
      expect(svg?.getAttribute('data-animal'), animal).toBe(animal);
      expect(svg!.querySelectorAll('path, circle, ellipse, rect').length, animal).toBeGreaterThan(1);
      expect(container.textContent).toBe('');
      unmount();
    }
  });
});
