import { describe, expect, test } from 'vitest';
import { escapeHtml, htmlToText, removeTags } from './html';

describe('htmlToText on ordinary HTML', () => {
  test('drops tags, keeps words apart where blocks and cells separate them, joins inline runs', () => {
    const html = `<!doctype html><html><head><title>Report</title>
      <style>p { color: red } </style><script>if (a < b) document.write("<p>no</p>")</script></head>
      <body><h1>Independent   medical
      examination</h1><p>Claimant: <b>Tess</b> <i>Text</i>, b<b>orn</b> 1980.</p><p>Second<br>line</p>
      <table><tr><td>Knee</td><td>Left</td></tr><tr><td>Ankle</td><td>Right</td></tr></table>
      <!-- a comment <p>hidden</p> --><ul><li>One</li><li>Two</li></ul></body></html>`;
    expect(htmlToText(html)).toBe(
      [
        'Report',
        'Independent medical examination',
        '',
        'Claimant: Tess Text, born 1980.',
        '',
        'Second',
        'line',
        'Knee Left',
        'Ankle Right',
        'One',
        'Two',
      ].join('\n'),
    );
  });

  test('decodes named and numeric entities and leaves unknown ones as written', () => {
    expect(htmlToText('Tom &amp; Jerry&nbsp;&lt;3 &quot;x&quot; &#39;y&#39; &#x2014; &#8364;5 &bogus; AT&T &amp')).toBe(
      `Tom & Jerry <3 "x" 'y' — €5 &bogus; AT&T &amp`,
    );
    expect(htmlToText('&#0; &#xD800; &#x110000; &#x1100000;')).toBe('\ufffd \ufffd \ufffd &#x1100000;');
  });

  test('a quoted attribute may hold ">"; a "<" that starts no tag is text', () => {
    expect(htmlToText('<a title="a > b" href=\'x>y\'>link</a> and 1 < 2 <3 </ 4')).toBe('link and 1 < 2 <3 </ 4');
  });

  test('an unclosed tag, comment or script ends the text, as in a browser', () => {
    expect(htmlToText('before <a href="x')).toBe('before');
    expect(htmlToText('before <!-- never closed <p>x</p>')).toBe('before');
    expect(htmlToText('before <script>var x = "</p>";')).toBe('before');
    expect(htmlToText('<SCRIPT type="x">a</Script >after')).toBe('after');
  });

  test('escapeHtml and htmlToText round-trip text', () => {
    const text = `Dr <Lee> & "Sons" 'Ltd'`;
    expect(htmlToText(`<p>${escapeHtml(text)}</p>`)).toBe(text);
  });
});

describe('htmlToText on hostile input does linear work', () => {
  // Each of these made the former regex conversion quadratic or worse: 600 KB of "<a" took minutes.
  const MB = 1024 * 1024;
  const hostile: [string, string][] = [
    ['repeated "<a"', '<a'.repeat(MB / 2)],
    ['repeated "<a " with attributes', '<a b=c '.repeat(MB / 7)],
    ['repeated open quotes', '<a b="'.repeat(MB / 6)],
    ['repeated "<script>" with no end', '<script>'.repeat(MB / 8)],
    ['repeated "<!--"', '<!--'.repeat(MB / 4)],
    ['repeated "<!"', '<!'.repeat(MB / 2)],
    ['repeated "&" without ";"', '&#x'.repeat(MB / 3)],
    ['repeated "</"', '</'.repeat(MB / 2)],
    ['closed tags', '<a>x</a>'.repeat(MB / 8)],
    ['white space', ' \n\t'.repeat(MB / 3)],
    ['scripts each closed', '<script>x</script>'.repeat(MB / 18)],
  ];

  // Backtracking over 1 MB would take minutes; a linear pass takes tens of milliseconds. The bound leaves room
  // for a machine busy with other work.
  test.each(hostile)('1 MB of %s converts in well under two seconds', (_name, input) => {
    const started = performance.now();
    htmlToText(input);
    const ms = performance.now() - started;
    expect(ms).toBeLessThan(2000);
  });

  test('work grows linearly: 8 times the input takes far less than 64 times as long', () => {
    // The fastest of several runs of each size: a pause for garbage collection or another process on a busy
    // machine lengthens one run, never all of them.
    // CPU time of this process, not the clock: time spent waiting for a core is not work.
    const time = (input: string) => {
      let best = Infinity;
      for (let i = 0; i < 5; i++) {
        const started = process.cpuUsage();
        htmlToText(input);
        const used = process.cpuUsage(started);
        best = Math.min(best, (used.user + used.system) / 1000);
      }
      return best;
    };
    const small = '<a'.repeat(50_000) + '<b c="'.repeat(25_000);
    const large = '<a'.repeat(400_000) + '<b c="'.repeat(200_000);
    time(small); // warm up
    // Linear work is about 8 times as long; quadratic would be 64 times.
    const ratio = time(large) / Math.max(time(small), 0.5);
    expect(ratio).toBeLessThan(24);
  });
});

describe('removeTags', () => {
  test('removes what /<[^>]*>/g removes, on ordinary and odd input', () => {
    for (const input of [
      '<p>a</p><br/>b',
      'a < b > c',
      'x <y',
      '<<a>>',
      'no tags',
      '<a href="x>y">t</a>',
      '',
      '<',
      '>',
    ]) {
      expect(removeTags(input)).toBe(input.replace(/<[^>]*>/g, ''));
    }
  });

  test("200,000 characters of '<a' take milliseconds", () => {
    const started = performance.now();
    expect(removeTags('<a'.repeat(100_000))).toBe('<a'.repeat(100_000));
    expect(performance.now() - started).toBeLessThan(200);
  });
});
