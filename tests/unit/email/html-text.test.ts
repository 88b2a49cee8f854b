import { describe, expect, it } from 'vitest';
import { readHtml } from '@/utils/email/html-text';

describe('readHtml', () => {
  it.each([
    [
      'paragraphs apart by an empty line, other blocks on their own lines, inline elements within',
      '<div>One <b>bold</b> word</div><div>Next</div>\n  <p>Two</p>Three<br>Four<br><br>Five<ul><li>a</li><li>b</li></ul>',
      'One bold word\nNext\n\nTwo\n\nThree\nFour\n\nFive\n\na\nb',
    ],
    ['blanks (a no-break space too) collapse, entities decode', '<p>  a&nbsp;&amp;   b &lt;c&gt; &#x263A; &eacute;  </p>', 'a & b <c> ☺ é'],
    ['cells stay on their row', '<table><tr><td>Amount</td><td>9.99</td></tr><tr><td>Total</td><td>9.99</td></tr></table>', 'Amount 9.99\nTotal 9.99'],
    ['a <pre> keeps its blanks', '<pre>a   b\n  c</pre>', 'a   b\nc'],
    ['no more than one empty line in a row', '<p>a</p><p></p><p></p><div></div><p>b</p>', 'a\n\nb'],
    ['script, style, title, template and iframe contents left out', '<title>T</title><style>p{}</style><script>var s = "<p>x</p>";</script><template>tpl</template><iframe>fr</iframe>ok', 'ok'],
    ['an unclosed script hides the rest, as in a browser', 'before<script>alert(1)<p>after', 'before'],
    ['text in an unclosed <head> is kept: a browser shows it', '<html><head><title>T</title>Visible <a href="https://evil.example/">here</a>', 'Visible here'],
    ['comments left out', 'a<!-- hidden https://hidden.example/ -->b', 'ab'],
    ['a block breaks the line where it opens and where it closes', 'a<div>b</div>c', 'a\nb\nc'],
    ['the blanks between two blocks are no text', '<div>a</div> <div>b</div>', 'a\nb'],
    ['line breaks in a row: one empty line at most', 'a<br><br><br>b', 'a\n\nb'],
    ['a <pre> keeps its blanks until it closes, however deep', '<pre>a   b<b>c</b>  d</pre><p>e   f</p><pre><pre>g</pre>h   i</pre>', 'a   bc  d\n\ne f\n\ng\n\nh   i'],
    ['a template inside a template hides until the outer one closes', '<template><template></template>x</template>ok', 'ok'],
    ['text after the last tag', 'one<b>two', 'onetwo'],
  ])('%s', (_, html, text) => {
    expect(readHtml(html).text).toBe(text);
  });

  it.each([
    [
      'absolute http and https, and mailto',
      '<a href="https://a.example/x?y=1&amp;z=2">A</a><a href="HTTP://B.example">B</a><a href="mailto:c@c.example">C</a>',
      ['https://a.example/x?y=1&z=2', 'HTTP://B.example', 'mailto:c@c.example'],
    ],
    [
      'not javascript:, data:, cid:, vbscript:, a fragment, an empty or missing href',
      '<a href="javascript:x()">1</a><a href=" java\tscript:x()">2</a><a href="data:text/html,x">3</a><a href="cid:a@b">4</a><a href="vbscript:x">5</a><a href="#top">6</a><a href="">7</a><a name="n">8</a>',
      [],
    ],
    ['tabs and line ends inside a target dropped, as browsers do', '<a href="ht\ntps://a.example/\tx">A</a>', ['https://a.example/x']],
    [
      'a relative target against the first <base href>',
      '<base href="https://files.example/s/"><base href="https://other.example/"><a href="doc?id=1">A</a><a href="/root">B</a><a href="//cdn.example/c">C</a>',
      ['https://files.example/s/doc?id=1', 'https://files.example/root', 'https://cdn.example/c'],
    ],
    ['no relative target without a base, but a scheme-relative one as https', '<a href="doc?id=1">A</a><a href="//cdn.example/c">C</a>', ['https://cdn.example/c']],
    ['a base that is no web address counts for nothing', '<base href="javascript:x"><a href="doc">A</a>', []],
    ['image map areas', '<map><area href="https://map.example/a"></map>', ['https://map.example/a']],
    ['no anchor inside hidden content', '<template><a href="https://tpl.example/">x</a></template>', []],
    ['none inside a template after an element closed in it', '<template><b>x</b><a href="https://tpl.example/">x</a></template>', []],
    ['blanks around a target dropped', '<a href=" https://a.example/ ">A</a>', ['https://a.example/']],
    ['an empty target is no link, even with a base', '<base href="https://files.example/s/"><a href="">A</a>', []],
    ['an anchor’s target is no base', '<a href="https://files.example/s/">A</a><a href="doc">B</a>', ['https://files.example/s/']],
    [
      'a <base> without href counts for nothing; blanks around a base dropped; http will do',
      '<base target="_blank"><base href=" http://files.example/s/ "><a href="doc">A</a>',
      ['http://files.example/s/doc'],
    ],
    ['a base with a tab in its scheme', '<base href="ht\ttps://files.example/s/"><a href="doc">A</a>', ['https://files.example/s/doc']],
    ['tags and attributes in capitals', '<A HREF="https://a.example/">A</A>', ['https://a.example/']],
    ['an anchor still open when an area starts', '<a href="https://a.example/">A<map><area href="https://map.example/a"></map></a>', ['https://a.example/', 'https://map.example/a']],
  ])('anchors: %s', (_, html, hrefs) => {
    expect(readHtml(html).anchors.map((anchor) => anchor.href)).toEqual(hrefs);
  });

  it('gives each anchor its text, blanks collapsed, an image link none, an unclosed anchor closed by the next', () => {
    expect(
      readHtml('<a href="https://a.example/">Sign\n   <b>in</b> </a><a href="https://b.example/"><img src="x.png"></a><a href="https://c.example/">C<a href="https://d.example/">D').anchors,
    ).toEqual([
      { href: 'https://a.example/', text: 'Sign in', in: 'html' },
      { href: 'https://b.example/', text: '', in: 'html' },
      { href: 'https://c.example/', text: 'C', in: 'html' },
      { href: 'https://d.example/', text: 'D', in: 'html' },
    ]);
  });

  it.each<[string, string, { href: string; text: string; hidden?: true }[]]>([
    ['an element inside ends no anchor', '<a href="https://a.example/"><b>Sign</b> in</a>', [{ href: 'https://a.example/', text: 'Sign in' }]],
    ['blanks of a <pre> collapsed in an anchor’s text', '<pre><a href="https://a.example/">Sign   in</a></pre>', [{ href: 'https://a.example/', text: 'Sign in' }]],
    ['an area takes no text after it', '<map><area href="https://m.example/"></map>after', [{ href: 'https://m.example/', text: '' }]],
    ['an empty element is nothing seen', '<a href="https://a.example/"><span></span></a>', [{ href: 'https://a.example/', text: '', hidden: true }]],
    [
      'a zero font size ends with its element, not with another inside it',
      '<div style="font-size:0"><span>x</span><a href="https://z.example/">hidden</a></div><a href="https://b.example/">B</a>',
      [
        { href: 'https://z.example/', text: 'hidden', hidden: true },
        { href: 'https://b.example/', text: 'B' },
      ],
    ],
  ])('anchor texts: %s', (_, html, anchors) => {
    expect(readHtml(html).anchors).toEqual(anchors.map((anchor) => ({ ...anchor, in: 'html' })));
  });

  it.each<[string, string, string[]]>([
    ['an empty anchor', '<p>Hi</p><a href="https://empty.example/"></a><a href="https://blank.example/">  </a>', ['https://empty.example/', 'https://blank.example/']],
    ['display:none around it', '<div style="color:red; display: none !important">x <a href="https://none.example/">Log in</a></div>', ['https://none.example/']],
    ['visibility:hidden on it', '<a style="visibility:hidden" href="https://vis.example/">Log in</a>', ['https://vis.example/']],
    [
      'opacity:0, font-size:0, max-height:0 or width:0 with overflow:hidden, visibility:collapse',
      '<span style="opacity:0"><a href="https://o.example/">a</a></span><font style="font-size:0px"><a href="https://f.example/">b</a></font><div style="max-height:0;overflow:hidden"><a href="https://m.example/">c</a></div><td style="width:0;overflow-x:hidden"><a href="https://w.example/">d</a></td><div style="visibility: collapse"><a href="https://c.example/">e</a></div>',
      ['https://o.example/', 'https://f.example/', 'https://m.example/', 'https://w.example/', 'https://c.example/'],
    ],
    ['the hidden attribute', '<div hidden><a href="https://h.example/">a</a></div>', ['https://h.example/']],
    [
      'a class the email’s style sheet hides',
      '<style>/* x */ .pre-header, span.hide { display:none; } @media (max-width:600px) { .mobile { display:none } }</style><span class="a hide"><a href="https://c.example/">x</a></span><span class="mobile"><a href="https://mobile.example/">y</a></span>',
      ['https://c.example/'],
    ],
    ['a rule before a comment left open', '<style>.gone { display: none } /* open .x { } </style><p class="gone"><a href="https://g.example/">x</a></p>', ['https://g.example/']],
    ['text hidden inside a visible anchor', '<a href="https://inner.example/"><span style="display:none">Log in</span></a>', ['https://inner.example/']],
    ['an anchor whose image is a zero-size pixel', '<a href="https://pixel.example/"><img src="https://pixel.example/p.gif" width="0" height="0"></a>', ['https://pixel.example/']],
    [
      'not: visible text, an image link, an area, a hidden element closed before',
      '<div style="display:none">gone</div><a href="https://text.example/">Log in</a><a href="https://img.example/"><img src="logo.png"></a><map><area href="https://area.example/"></map><p style="line-height:0;border-width:0;min-height:0">p <a href="https://p.example/">ok</a></p><table height="0" style="width:0"><tr><td><a href="https://t.example/">overflows</a></td></tr></table><div style="font-size:0px"><div style="font-size:14px"><a href="https://mjml.example/">Upgrade</a></div></div>',
      [],
    ],
  ])('hidden anchors: %s', (_, html, hidden) => {
    expect(
      readHtml(html)
        .anchors.filter((anchor) => anchor.hidden)
        .map((anchor) => anchor.href),
    ).toEqual(hidden);
  });

  it.each<[string, string, string[]]>([
    [
      'images, a stylesheet, backgrounds and CSS url()',
      '<link rel="stylesheet" href="https://css.example/s.css"><link rel="icon" href="https://icon.example/i.ico"><style>body { background: url("https://bg.example/b.png") }</style><body background="https://attr.example/a.jpg"><img src="http://198.51.100.23/open.gif?id=7"><div style="background-image:url(\'//cdn.example/x.png\')">x</div>',
      ['https://css.example/s.css', 'https://bg.example/b.png', 'https://attr.example/a.jpg', 'http://198.51.100.23/open.gif?id=7', 'https://cdn.example/x.png'],
    ],
    ['the first URL of each host only', '<img src="https://img.example/1.png"><img src="https://img.example/2.png"><img src="https://IMG.example/3.png">', ['https://img.example/1.png']],
    ['relative ones against <base>, none without', '<img src="a.png"><base href="https://base.example/m/"><img src="b.png">', ['https://base.example/m/b.png']],
    ['not data:, cid: or javascript:', '<img src="data:image/png;base64,AAAA"><img src="cid:logo@x"><img src="javascript:x">', []],
    ['an image without src, a stylesheet link without href', '<img alt="x"><link rel="stylesheet">', []],
    [
      'a stylesheet among other relations',
      '<link rel="alternate stylesheet" href="https://one.example/a.css"><link rel="stylesheet preload" href="https://two.example/b.css">',
      ['https://one.example/a.css', 'https://two.example/b.css'],
    ],
  ])('resources: %s', (_, html, resources) => {
    const reading = readHtml(html);
    expect(reading.resources.map((resource) => resource.href)).toEqual(resources);
    expect(reading.resources.every((resource) => resource.kind === 'resource' && resource.in === 'html')).toBe(true);
  });
});
