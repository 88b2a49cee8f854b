import { describe, expect, it } from 'vitest';
import { attributesHide, cssUrls, fontSizeOf, hidingClasses } from '@/utils/email/html-css';

// The little CSS an email's HTML is read with: what hides an element from its
// reader, the font size that hides text, and what a style makes the client load.

describe('fontSizeOf', () => {
  it.each<[string | undefined, 'zero' | 'set' | undefined]>([
    [undefined, undefined],
    ['color: red', undefined],
    ['font-size: 0', 'zero'],
    ['font-size:0px', 'zero'],
    ['font-size: 00.00em', 'zero'],
    ['font-size: .00%', 'zero'],
    ['font-size: 0 ;color:red', 'zero'],
    ['font-size: 0px  !  important', 'zero'],
    ['font-size: 10px', 'set'],
    ['font-size: 0 small', 'set'],
  ])('%j', (style, size) => {
    expect(fontSizeOf(style)).toBe(size);
  });
});

describe('hidingClasses', () => {
  it.each<[string, string, string[]]>([
    ['no style sheet', '', []],
    ['a class shown', '.a{color:red}', []],
    ['a rule after another', '.a{color:red}.b{display:none}', ['b']],
    ['an element’s selector, not a class', 'p{display:none}', []],
    ['a rule in a comment', '.a{display:none} /* .b{display:none} */', ['a']],
    ['a comment first', '/* x */.a{display:none}', ['a']],
    ['a comment inside the rule', '.a{/*x*/display:none}', ['a']],
    ['a comment opening on a slash', '.a{display:none} /*/ .b{display:none} */', ['a']],
    ['a comment left open', '.a{display:none} /* .b{display:none}', ['a']],
  ])('%s', (_, css, classes) => {
    expect(hidingClasses(css)).toEqual(classes);
  });
});

describe('cssUrls', () => {
  it.each<[string, string[]]>([
    ['background:url( "https://t.example/p.png" )', ['https://t.example/p.png']],
    ["background:url('//cdn.example/x.png')", ['//cdn.example/x.png']],
    ['color: red', []],
  ])('%j', (css, urls) => {
    expect(cssUrls(css)).toEqual(urls);
  });
});

describe('attributesHide', () => {
  it.each<[string, string, Record<string, string>, boolean]>([
    ['an image of width 0', 'img', { width: ' 0 ' }, true],
    ['an image of height 0', 'img', { height: '0' }, true],
    ['an image of width 0 in its style', 'img', { style: 'height:0' }, true],
    ['an image of width 1', 'img', { width: '1', height: '1' }, false],
    ['a table of height 0 (what it holds overflows into view)', 'table', { height: '0' }, false],
    ['the hidden attribute', 'div', { hidden: '' }, true],
    ['a class the style sheet hides', 'span', { class: 'a  hide' }, true],
    ['another class', 'span', { class: 'shown' }, false],
  ])('%s', (_, name, attributes, hides) => {
    expect(attributesHide(name, attributes, new Set(['hide']))).toBe(hides);
  });
});
