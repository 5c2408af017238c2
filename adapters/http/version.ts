/** This package's version, as GET /admin/installation reports it; a test keeps it equal to package.json's. */
export const WEBMQ_VERSION = "0.1.0";
