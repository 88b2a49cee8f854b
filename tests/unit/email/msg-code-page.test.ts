import { describe, expect, it } from 'vitest';
import { decode } from '@/utils/email/iconv-lite-shim';
import { Ansi, buildMsg } from '../../fixtures/email/make-msg';
import { readMessage } from './email-fixtures';

// An old Outlook item keeps its strings as 8-bit text (PT_STRING8) in its
// code page (PidTagMessageCodepage 0x3FFD, else PidTagInternetCodepage
// 0x3FDE). Read a byte per character, a Japanese subject was mojibake
// (issue 38, point 7). The bytes below are each text in that code page.

const PR_SUBJECT = 0x0037;
const PR_SENDER_NAME = 0x0c1a;
const PR_BODY = 0x1000;
const PR_MESSAGE_CODEPAGE = 0x3ffd;
const PR_INTERNET_CPID = 0x3fde;

/** A received item whose subject, sender name and body are 8-bit strings, the code page in the property given. */
function ansiMsg(codePage: number, property: number, subject: string, name: string, body: string): Uint8Array {
  return buildMsg({
    properties: [
      [0x001a, 'IPM.Note'],
      [PR_SUBJECT, new Ansi(Buffer.from(subject, 'hex'))],
      [PR_SENDER_NAME, new Ansi(Buffer.from(name, 'hex'))],
      [0x0c1f, 'support@examplebank-jp.example'],
      [PR_BODY, new Ansi(Buffer.from(body, 'hex'))],
      [property, codePage],
    ],
    recipients: [],
    attachments: [],
  });
}

describe('readEmail reads an old .msg in its code page', () => {
  it.each<[string, number, number, string, string, string, [string, string, string]]>([
    [
      'Shift-JIS (932)',
      932,
      PR_MESSAGE_CODEPAGE,
      '82b290bf8b818f9182cc82a8926d82e782b9',
      '834a8358835e837d815b8354837c815b8367',
      '82a88e7895a582a282f08a6d944682b582c482ad82be82b382a2',
      ['ご請求書のお知らせ', 'カスタマーサポート', 'お支払いを確認してください'],
    ],
    [
      'Shift-JIS told by the internet code page',
      932,
      PR_INTERNET_CPID,
      '82b290bf8b818f9182cc82a8926d82e782b9',
      '834a8358835e837d815b8354837c815b8367',
      '82a88e7895a582a282f08a6d944682b582c482ad82be82b382a2',
      ['ご請求書のお知らせ', 'カスタマーサポート', 'お支払いを確認してください'],
    ],
    ['Windows-1251', 1251, PR_MESSAGE_CODEPAGE, 'd1f7b8f220ede020eeefebe0f2f3', 'd1f7b8f2', 'd1f7b8f2', ['Счёт на оплату', 'Счёт', 'Счёт']],
    ['Windows-1252, its € too', 1252, PR_MESSAGE_CODEPAGE, '466163747572652072e9676ce96520962032302080', '46616374757265', '3230208080', ['Facture réglée – 20 €', 'Facture', '20 €€']],
    ['EUC-KR (949)', 949, PR_MESSAGE_CODEPAGE, 'b0e1c1a620c8aec0ce', 'b0e1c1a6', 'b0e1c1a6', ['결제 확인', '결제', '결제']],
    ['Big5 (950)', 950, PR_MESSAGE_CODEPAGE, 'a549b4dabd54bb7b', 'a549b4da', 'a549b4da', ['付款確認', '付款', '付款']],
    ['GBK (936)', 936, PR_MESSAGE_CODEPAGE, 'b8b6bfeec8b7c8cf', 'b8b6bfee', 'b8b6bfee', ['付款确认', '付款', '付款']],
    // The Windows code pages from 1250 to 1258, and Thai's 874.
    ['Windows-1250', 1250, PR_MESSAGE_CODEPAGE, '46616b74757261207a6170b361636f6e61', '50b361746e6f9ce6', '50b361746e6f9ce6', ['Faktura zapłacona', 'Płatność', 'Płatność']],
    ['Windows-1258', 1258, PR_MESSAGE_CODEPAGE, '5468616e6820746fe16e', '48f36120f0f56e', '48f36120f0f56e', ['Thanh toán', 'Hóa đơn', 'Hóa đơn']],
    ['Thai (874)', 874, PR_MESSAGE_CODEPAGE, 'aad3c3d0e0a7d4b9', 'aad3c3d0', 'aad3c3d0e0a7d4b9', ['ชำระเงิน', 'ชำระ', 'ชำระเงิน']],
  ])('%s', async (_, codePage, property, subject, name, body, [shownSubject, shownName, shownBody]) => {
    const message = await readMessage(ansiMsg(codePage, property, subject, name, body), 'old.msg');
    expect([message.subject, message.from?.name, message.text.trim()]).toEqual([shownSubject, shownName, shownBody]);
  });

  it('leaves Unicode strings as they are whatever the code page says', async () => {
    const bytes = buildMsg({
      properties: [
        [0x001a, 'IPM.Note'],
        [PR_SUBJECT, 'Réglée – ご請求書'],
        [0x0c1f, 'support@examplebank-jp.example'],
        [PR_MESSAGE_CODEPAGE, 932],
      ],
      recipients: [],
      attachments: [],
    });
    expect((await readMessage(bytes, 'new.msg')).subject).toBe('Réglée – ご請求書');
  });
});

describe('the iconv-lite stand-in the extension ships decodes each code page as TextDecoder does', () => {
  it.each<[string, string, string]>([
    ['shift_jis', '82b290bf8b818f9182cc82a8926d82e782b9', 'ご請求書のお知らせ'],
    ['windows-1251', 'd1f7b8f2', 'Счёт'],
    ['windows-1252', '3230208080', '20 €€'],
    ['euc-kr', 'b0e1c1a6', '결제'],
    ['big5', 'a549b4da', '付款'],
    ['gbk', 'b8b6bfee', '付款'],
    ['no-such-code-page', '72e9676ce965', 'réglée'],
  ])('%s', (label, hex, text) => {
    expect(decode(new Uint8Array(Buffer.from(hex, 'hex')), label)).toBe(text);
  });
});
