// What other modules may use of reports; the reports table is written only here.
// The messages module files message reports through createReport.
export { listReports, reportById } from './queue';
export { reportsRoutes } from './routes';
export { createReport, lockReport, markReportResolved, type ReportTarget } from './service';
export type { ReportRow } from './tables';
