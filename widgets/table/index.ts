export { SchemaTableView, VIRTUALIZE_ABOVE, type SchemaTableLabels, type SchemaTableViewProps } from './SchemaTableView';
export { csvBlob, csvFileName, downloadCsv } from './downloadCsv';
