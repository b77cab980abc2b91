// How every CSV the product writes is shaped (extractions, rejected import rows): `;` and CRLF, as
// French Excel opens it. csv-stringify quotes a cell holding the separator, a quote or the record
// delimiter (CRLF) but not a bare CR or LF, which spreadsheets and RFC 4180 readers take for the end
// of the row (issue #30): `quoted_match` quotes those too.
export const CSV_WRITE_OPTIONS = {
  delimiter: ';',
  record_delimiter: '\r\n',
  quoted_match: /[\r\n]/,
} as const
