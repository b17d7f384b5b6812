// What other modules may use of reports; the reports table is written only here.
// The messages module files message reports through createReport.
export { listReports, reportById } from './queue.read-model';
export { reportsRoutes } from './routes';
export { createReport, lockReport, markReportResolved, type ReportTarget } from './service';
export type { ReportRow } from './tables';
