import { describe, expect, it } from 'vitest';
import { renderTemplate } from './template-render';

const list = {
  html: '<h3>Tue 24 Nov 2026</h3><ul><li>09:00–10:00 AEDT IME-1</li></ul>',
  text: 'Tue 24 Nov 2026\n    09:00–10:00 AEDT IME-1',
};

describe('templates with blocks the application composes', () => {
  it('puts the block as HTML in the body and as its own text in the text part, nothing in the subject', () => {
    const mail = renderTemplate(
      {
        subject: 'Day sheet {{appointmentDate}} {{daySheet}}',
        templateContent: '<p>Dear {{recipientName}},</p>\n{{daySheet}}\n<p>Thanks</p>',
      },
      { recipientName: 'Dr <Lee>', appointmentDate: '24 Nov 2026', daySheet: 'a value is not a block' },
      { daySheet: list },
    );
    expect(mail.subject).toBe('Day sheet 24 Nov 2026');
    expect(mail.html).toBe(`<p>Dear Dr &lt;Lee&gt;,</p>\n${list.html}\n<p>Thanks</p>`);
    expect(mail.text.split('\n')).toEqual([
      'Dear Dr <Lee>,',
      '',
      'Tue 24 Nov 2026',
      '    09:00–10:00 AEDT IME-1',
      '',
      'Thanks',
    ]);
  });

  it('values stay data: markup in a value is escaped even where a block could go', () => {
    const mail = renderTemplate({ subject: 's', templateContent: '{{daySheet}}' }, { daySheet: '<b>x</b>' });
    expect(mail.html).toBe('&lt;b&gt;x&lt;/b&gt;');
  });

  it('a block the wording leaves out is added at the end; one it places stays where it is', () => {
    const own = renderTemplate({ subject: 's', templateContent: '<p>Hello</p>' }, {}, { daySheet: list });
    expect(own.html).toBe(`<p>Hello</p>\n${list.html}`);
    const placed = renderTemplate(
      { subject: 's', templateContent: '{{ daySheet }}<p>Bye</p>' },
      {},
      { daySheet: list },
    );
    expect(placed.html).toBe(`${list.html}<p>Bye</p>`);
  });
});

describe('the text part of a large or odd template', () => {
  it('a template of 200,000 characters of unclosed tags and spaces renders in well under a second', () => {
    for (const templateContent of ['<a'.repeat(100_000), `<p>${' '.repeat(199_000)}x</p>`]) {
      const started = performance.now();
      renderTemplate({ subject: 's', templateContent }, {});
      expect(performance.now() - started).toBeLessThan(500);
    }
  });

  it('keeps the layout: lines from <br> and closing blocks, trailing spaces gone, at most one empty line', () => {
    const mail = renderTemplate(
      { subject: 's', templateContent: '<p>Dear   {{name}},  </p>\n\n\n\n<div>Line one<br>Line two \t</div>a &lt; b' },
      { name: 'Ann' },
    );
    expect(mail.text).toBe('Dear   Ann,\n\nLine one\nLine two\na < b');
  });
});
