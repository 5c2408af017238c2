/** The queue performance events go to (IBM's SYSTEM.ADMIN.PERFM.EVENT); a default object of every queue manager. */
export const PERFORMANCE_EVENT_QUEUE = "SYSTEM.ADMIN.PERFM.EVENT";
