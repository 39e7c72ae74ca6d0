import type { Voucher } from './books-vouchers.ts';

/**
 * The shipper's vouchers (books-vouchers.ts) as a TallyPrime import file (issue 33): Tally's
 * documented import envelope (ENVELOPE / HEADER with TALLYREQUEST "Import Data" / BODY / IMPORTDATA /
 * REQUESTDESC with REPORTNAME "Vouchers" / REQUESTDATA / TALLYMESSAGE / VOUCHER), one voucher per
 * document. Tally's sign convention: a debit has ISDEEMEDPOSITIVE Yes and a negative AMOUNT.
 */

const escapeXml = (text: string) =>
  text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&apos;' })[c] ?? c);
const amount = (paise: number) => (paise / 100).toFixed(2);
const tag = (name: string, value: string) => `<${name}>${escapeXml(value)}</${name}>`;
const day = (d: string) => d.replaceAll('-', '');

function voucherXml(v: Voucher): string {
  const entries = v.entries
    .filter((e) => e.debitPaise !== 0)
    .map(
      (e) =>
        `<ALLLEDGERENTRIES.LIST>${tag('LEDGERNAME', e.ledger)}${tag('ISDEEMEDPOSITIVE', e.debitPaise > 0 ? 'Yes' : 'No')}${tag('AMOUNT', amount(-e.debitPaise))}</ALLLEDGERENTRIES.LIST>`,
    )
    .join('\n');
  return `<TALLYMESSAGE xmlns:UDF="TallyUDF">
<VOUCHER VCHTYPE="${escapeXml(v.type)}" ACTION="Create">
${tag('DATE', day(v.day))}${tag('VOUCHERTYPENAME', v.type)}${tag('VOUCHERNUMBER', v.number)}${tag('REFERENCE', v.reference)}${tag('PARTYLEDGERNAME', v.party)}${tag('NARRATION', v.narration)}
${entries}
</VOUCHER>
</TALLYMESSAGE>`;
}

/** The import file of a period's documents, for the Tally company `company` (the shipper's name in Tally). */
export function tallyXml(company: string, vouchers: Voucher[]): string {
  return `<?xml version="1.0" encoding="UTF-8"?>
<ENVELOPE>
<HEADER><TALLYREQUEST>Import Data</TALLYREQUEST></HEADER>
<BODY>
<IMPORTDATA>
<REQUESTDESC><REPORTNAME>Vouchers</REPORTNAME><STATICVARIABLES>${tag('SVCURRENTCOMPANY', company)}</STATICVARIABLES></REQUESTDESC>
<REQUESTDATA>
${vouchers.map(voucherXml).join('\n')}
</REQUESTDATA>
</IMPORTDATA>
</BODY>
</ENVELOPE>
`;
}
