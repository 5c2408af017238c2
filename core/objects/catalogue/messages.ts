/**
 * runmqsc response messages and PCF reason codes (IBM MQ 9.x, distributed platforms).
 *
 * Sources: IBM Documentation "AMQ8xxx: Administration" (message ids and texts), runmqsc transcripts
 * published by IBM (support pages, APARs) and by users, and the MQRCCF_* constants of cmqcfc.h
 * (as reproduced in IBM's language bindings). Entries whose id or wording could not be checked
 * against a published source are marked "unconfirmed" in a trailing comment.
 *
 * Placeholders: IBM's catalogue writes inserts as <insert_N>; here an insert is written `&1`, `&2`,
 * ... numbered in order of appearance in the text (not IBM's insert number). runmqsc prints a
 * message as `${id}: ${text}` with the inserts replaced, e.g. "AMQ8147E: IBM MQ object Q1 not found."
 *
 * The end-of-run summary lines carry no message id in runmqsc output; their `id` is "".
 */

export interface AmqMessage {
  /** IBM's message id including the severity letter, e.g. "AMQ8006I"; "" for unnumbered lines. */
  id: string;
  /** The text runmqsc prints, with `&1`-style placeholders for inserts. */
  text: string;
}

export const AMQ_MESSAGES = {
  // --- Queue manager ---------------------------------------------------------------------------
  queueManagerChanged: { id: "AMQ8005I", text: "IBM MQ queue manager changed." },
  queueManagerDoesNotExist: { id: "AMQ8118E", text: "IBM MQ queue manager does not exist." },
  queueManagerNotAvailable: { id: "AMQ8146E", text: "IBM MQ queue manager not available." },
  displayQueueManagerDetails: { id: "AMQ8408I", text: "Display Queue Manager details." },
  displayQueueManagerStatus: { id: "AMQ8705I", text: "Display Queue Manager Status Details." },
  pingQueueManager: { id: "AMQ8415I", text: "Ping Queue Manager command complete." },
  displayConnectionDetails: { id: "AMQ8276I", text: "Display Connection details." },
  displayApplicationStatus: { id: "AMQ8932I", text: "Display application status details." },
  displayListenerStatus: { id: "AMQ8631I", text: "Display listener status details." },
  displayServiceStatus: { id: "AMQ8632I", text: "Display service status details." }, // unconfirmed wording
  displayAuthorityService: { id: "AMQ8879I", text: "Display authority service details." }, // unconfirmed id and wording

  // --- Queues ----------------------------------------------------------------------------------
  queueCreated: { id: "AMQ8006I", text: "IBM MQ queue created." },
  queueDeleted: { id: "AMQ8007I", text: "IBM MQ queue deleted." },
  queueChanged: { id: "AMQ8008I", text: "IBM MQ queue changed." },
  queueCleared: { id: "AMQ8022I", text: "IBM MQ queue cleared." },
  queueNotEmpty: { id: "AMQ8143E", text: "IBM MQ queue not empty." },
  displayQueueDetails: { id: "AMQ8409I", text: "Display Queue details." }, // unconfirmed wording
  displayQueueStatusDetails: { id: "AMQ8450I", text: "Display queue status details." }, // unconfirmed wording

  // --- Objects in general ----------------------------------------------------------------------
  objectNotFound: { id: "AMQ8147E", text: "IBM MQ object &1 not found." },
  objectInUse: { id: "AMQ8148E", text: "IBM MQ object in use." },
  objectAlreadyExists: { id: "AMQ8150E", text: "IBM MQ object already exists." },
  objectWrongType: { id: "AMQ8151E", text: "IBM MQ object has different type." }, // unconfirmed
  channelNotActive: { id: "AMQ9533E", text: "Channel '&1' is not currently active." }, // unconfirmed

  // --- Listeners -------------------------------------------------------------------------------
  listenerChanged: { id: "AMQ8627I", text: "IBM MQ listener changed." },
  listenerDeleted: { id: "AMQ8628I", text: "IBM MQ listener deleted." },
  listenerStopAccepted: { id: "AMQ8706I", text: "Request to stop IBM MQ listener accepted." }, // unconfirmed id
  listenerAlreadyRunning: { id: "AMQ8730E", text: "Listener already active." }, // unconfirmed
  listenerNotRunning: { id: "AMQ8731E", text: "Listener not active." }, // unconfirmed
  listenerRunning: { id: "AMQ8735E", text: "Listener is running." }, // unconfirmed

  // --- Processes -------------------------------------------------------------------------------
  processCreated: { id: "AMQ8010I", text: "IBM MQ process created." },
  processChanged: { id: "AMQ8011I", text: "IBM MQ process changed." }, // unconfirmed id
  processDeleted: { id: "AMQ8012I", text: "IBM MQ process deleted." }, // unconfirmed id
  displayProcessDetails: { id: "AMQ8407I", text: "Display Process details." }, // unconfirmed wording

  // --- Channels --------------------------------------------------------------------------------
  channelCreated: { id: "AMQ8014I", text: "IBM MQ channel created." },
  channelDeleted: { id: "AMQ8015I", text: "IBM MQ channel deleted." }, // unconfirmed id
  channelChanged: { id: "AMQ8016I", text: "IBM MQ channel changed." },
  channelStartAccepted: { id: "AMQ8018I", text: "Start IBM MQ channel accepted." },
  channelStopAccepted: { id: "AMQ8019I", text: "Stop IBM MQ channel accepted." }, // unconfirmed wording
  channelPingComplete: { id: "AMQ8020I", text: "Ping IBM MQ channel complete." }, // unconfirmed
  channelReset: { id: "AMQ8023I", text: "IBM MQ channel reset." }, // unconfirmed
  channelResolved: { id: "AMQ8024I", text: "IBM MQ channel resolved." }, // unconfirmed id
  channelInUse: { id: "AMQ9514E", text: "Channel '&1' is in use." },
  channelNotInDoubt: { id: "AMQ9527E", text: "Channel '&1' is not in doubt." }, // unconfirmed id
  channelPartnerNotAvailable: { id: "AMQ9202E", text: "Remote host '&1' not available, retry later." },
  channelPingFailed: { id: "AMQ9503E", text: "Channel negotiation failed." }, // unconfirmed wording
  displayChannelDetails: { id: "AMQ8414I", text: "Display Channel details." }, // unconfirmed wording
  displayChannelStatusDetails: { id: "AMQ8417I", text: "Display Channel Status details." }, // unconfirmed wording
  channelStatusNotFound: { id: "AMQ8420I", text: "Channel Status not found." }, // unconfirmed wording

  // --- Namelists -------------------------------------------------------------------------------
  displayNamelistDetails: { id: "AMQ8550I", text: "Display namelist details." },
  namelistChanged: { id: "AMQ8551I", text: "IBM MQ namelist changed." },
  namelistCreated: { id: "AMQ8552I", text: "IBM MQ namelist created." }, // unconfirmed id
  namelistDeleted: { id: "AMQ8553I", text: "IBM MQ namelist deleted." }, // unconfirmed id

  // --- Topics ----------------------------------------------------------------------------------
  topicCreated: { id: "AMQ8690I", text: "IBM MQ topic created." },
  topicChanged: { id: "AMQ8691I", text: "IBM MQ topic changed." },
  topicDeleted: { id: "AMQ8692I", text: "IBM MQ topic deleted." }, // unconfirmed id
  displayTopicDetails: { id: "AMQ8633I", text: "Display topic details." }, // unconfirmed wording

  // --- Subscriptions ---------------------------------------------------------------------------
  subscriptionCreated: { id: "AMQ8094I", text: "IBM MQ subscription created." },
  subscriptionChanged: { id: "AMQ8095I", text: "IBM MQ subscription changed." }, // unconfirmed id
  subscriptionDeleted: { id: "AMQ8093I", text: "IBM MQ subscription deleted." }, // unconfirmed id
  /** DISPLAY SUB heads each subscription with this (IBM's wording is "inquired", not "details"). */
  displaySubscriptionDetails: { id: "AMQ8096I", text: "IBM MQ subscription inquired." },
  displaySubscriptionStatus: { id: "AMQ8099I", text: "IBM MQ subscription status inquired." }, // unconfirmed id
  /** DISPLAY TPSTATUS heads each topic node with this ("Displaying administrative topic object attributes"). */
  displayTopicStatusDetails: { id: "AMQ8754I", text: "Display topic status details." },

  // --- Listeners -------------------------------------------------------------------------------
  listenerCreated: { id: "AMQ8626I", text: "IBM MQ listener created." },
  listenerStartAccepted: { id: "AMQ8021I", text: "Request to start IBM MQ listener accepted." },
  displayListenerDetails: { id: "AMQ8630I", text: "Display listener information details." }, // unconfirmed

  // --- Authentication information, CHLAUTH, authority records, security ------------------------
  authInfoChanged: { id: "AMQ8567I", text: "IBM MQ authentication information changed." },
  displayAuthInfoDetails: { id: "AMQ8566I", text: "Display authentication information details." }, // unconfirmed
  channelAuthRecordSet: { id: "AMQ8877I", text: "IBM MQ channel authentication record set." },
  displayChannelAuthRecordDetails: { id: "AMQ8878I", text: "Display channel authentication record details." }, // unconfirmed
  authorityRecordSet: { id: "AMQ8862I", text: "IBM MQ authority record set." }, // unconfirmed
  displayAuthorityRecordDetails: { id: "AMQ8864I", text: "Display authority record details." }, // unconfirmed
  authorityRecordDeleted: { id: "AMQ8863I", text: "IBM MQ authority record deleted." }, // unconfirmed
  displayEntityAuthorityDetails: { id: "AMQ8866I", text: "Display entity authority details." },
  authorityRecordNotFound: { id: "AMQ8459E", text: "Not found." }, // unconfirmed
  notAuthorized: { id: "AMQ8135E", text: "Not authorized." },
  securityCacheRefreshed: { id: "AMQ8560I", text: "IBM MQ security cache refreshed." },

  // --- Syntax and validation -------------------------------------------------------------------
  /**
   * The command could not be parsed. On distributed, runmqsc's parser is driven by per-command
   * (and, for CHANNEL, per-CHLTYPE) syntax tables, so a keyword not valid for the object or channel
   * type, and a command not available on this platform (e.g. a z/OS-only command), are also
   * reported this way, followed by validSyntax (or validCommands for an unknown verb).
   * The next output line echoes the command up to the point of the error.
   */
  syntaxError: { id: "AMQ8405E", text: "Syntax error detected at or near end of command segment below:-" },
  validSyntax: { id: "AMQ8427E", text: "Valid syntax for the MQSC command:" },
  validCommands: { id: "AMQ8426E", text: "Valid MQSC commands are:" }, // unconfirmed id
  nameKeywordError: { id: "AMQ8424E", text: "Error detected in a name keyword." },
  /** Attribute value out of range or not valid for the attribute (runmqsc's text for MQRCCF_ATTR_VALUE_ERROR). */
  attributeValueNotValid: { id: "AMQ8405E", text: "Syntax error detected at or near end of command segment below:-" }, // unconfirmed: see report
  /** Keyword valid in MQSC but not for this object or channel type: runmqsc reports a syntax error. */
  attributeNotValidForType: { id: "AMQ8405E", text: "Syntax error detected at or near end of command segment below:-" }, // unconfirmed: see report
  /** A command not valid on this platform: runmqsc reports the verb as a syntax error. */
  commandNotSupported: { id: "AMQ8405E", text: "Syntax error detected at or near end of command segment below:-" }, // unconfirmed: see report
  amqpCommandsNotAvailable: { id: "AMQ8494E", text: "AMQP commands are not available." },

  // --- End-of-run summary (printed without a message id) ---------------------------------------
  oneCommandRead: { id: "", text: "One MQSC command read." },
  commandsRead: { id: "", text: "&1 MQSC commands read." },
  noSyntaxErrors: { id: "", text: "No commands have a syntax error." },
  oneSyntaxError: { id: "", text: "One command has a syntax error." },
  syntaxErrors: { id: "", text: "&1 commands have a syntax error." }, // unconfirmed wording
  allProcessed: { id: "", text: "All valid MQSC commands were processed." },
  oneNotProcessed: { id: "", text: "One valid MQSC command could not be processed." },
  notProcessed: { id: "", text: "&1 valid MQSC commands could not be processed." }, // unconfirmed wording
} as const satisfies Record<string, AmqMessage>;

export type AmqMessageName = keyof typeof AMQ_MESSAGES;

/** Replace `&1`, `&2`, ... in a message text with the given inserts. */
export function formatAmqText(text: string, ...inserts: (string | number)[]): string {
  return text.replace(/&(\d+)/g, (whole, n: string) => {
    const value = inserts[Number(n) - 1];
    return value === undefined ? whole : String(value);
  });
}

/**
 * MQ reason codes for command (PCF) failures, as the REST/PCF layer reports them in reasonCode.
 * MQRCCF_* values are from cmqcfc.h; the few MQRC_* values (cmqc.h) are the ones the command
 * server returns for object-level failures (e.g. MQRC_UNKNOWN_OBJECT_NAME for "not found",
 * alongside the overall MQRCCF_COMMAND_FAILED).
 */
export const MQRCCF = {
  // MQI reason codes that PCF/MQSC responses commonly carry
  MQRC_NONE: 0,
  MQRC_OBJECT_IN_USE: 2042,
  MQRC_Q_NOT_EMPTY: 2055,
  MQRC_UNKNOWN_OBJECT_NAME: 2085,
  MQRC_OBJECT_ALREADY_EXISTS: 2100,

  // PCF header and structure errors
  MQRCCF_CFH_TYPE_ERROR: 3001,
  MQRCCF_CFH_LENGTH_ERROR: 3002,
  MQRCCF_CFH_VERSION_ERROR: 3003,
  MQRCCF_CFH_MSG_SEQ_NUMBER_ERR: 3004,
  MQRCCF_CFH_CONTROL_ERROR: 3005,
  MQRCCF_CFH_PARM_COUNT_ERROR: 3006,
  /** Command identifier not valid: the nearest PCF code to "command not supported". */
  MQRCCF_CFH_COMMAND_ERROR: 3007,
  MQRCCF_COMMAND_FAILED: 3008,
  MQRCCF_CFIN_LENGTH_ERROR: 3009,
  MQRCCF_CFST_LENGTH_ERROR: 3010,
  MQRCCF_CFST_STRING_LENGTH_ERR: 3011,
  MQRCCF_FORCE_VALUE_ERROR: 3012,
  MQRCCF_STRUCTURE_TYPE_ERROR: 3013,
  MQRCCF_CFIN_PARM_ID_ERROR: 3014,
  MQRCCF_CFST_PARM_ID_ERROR: 3015,
  MQRCCF_MSG_LENGTH_ERROR: 3016,
  MQRCCF_CFIN_DUPLICATE_PARM: 3017,
  MQRCCF_CFST_DUPLICATE_PARM: 3018,
  MQRCCF_PARM_COUNT_TOO_SMALL: 3019,
  MQRCCF_PARM_COUNT_TOO_BIG: 3020,
  MQRCCF_Q_TYPE_ERROR: 3022,
  MQRCCF_REPLACE_VALUE_ERROR: 3025,
  MQRCCF_CFIL_DUPLICATE_VALUE: 3026,
  MQRCCF_CFIL_COUNT_ERROR: 3027,
  MQRCCF_CFIL_LENGTH_ERROR: 3028,
  MQRCCF_MODE_VALUE_ERROR: 3029,
  MQRCCF_PING_DATA_COUNT_ERROR: 3031,
  MQRCCF_PING_DATA_COMPARE_ERROR: 3032,
  MQRCCF_CHANNEL_TYPE_ERROR: 3034,
  MQRCCF_PARM_SEQUENCE_ERROR: 3035,
  MQRCCF_XMIT_PROTOCOL_TYPE_ERR: 3036,
  MQRCCF_BATCH_SIZE_ERROR: 3037,
  MQRCCF_DISC_INT_ERROR: 3038,
  MQRCCF_SHORT_RETRY_ERROR: 3039,
  MQRCCF_SHORT_TIMER_ERROR: 3040,
  MQRCCF_LONG_RETRY_ERROR: 3041,
  MQRCCF_LONG_TIMER_ERROR: 3042,
  MQRCCF_SEQ_NUMBER_WRAP_ERROR: 3043,
  MQRCCF_MAX_MSG_LENGTH_ERROR: 3044,
  MQRCCF_PUT_AUTH_ERROR: 3045,
  MQRCCF_PURGE_VALUE_ERROR: 3046,
  MQRCCF_CFIL_PARM_ID_ERROR: 3047,
  MQRCCF_MSG_TRUNCATED: 3048,
  MQRCCF_CCSID_ERROR: 3049,
  MQRCCF_ENCODING_ERROR: 3050,
  MQRCCF_DATA_CONV_VALUE_ERROR: 3052,
  MQRCCF_INDOUBT_VALUE_ERROR: 3053,
  MQRCCF_MCA_TYPE_ERROR: 3063,
  MQRCCF_CHL_INST_TYPE_ERROR: 3064,
  MQRCCF_CHL_STATUS_NOT_FOUND: 3065,
  MQRCCF_TOPIC_ERROR: 3072,
  MQRCCF_Q_MGR_NAME_ERROR: 3074,
  MQRCCF_Q_NAME_ERROR: 3076,
  MQRCCF_NOT_AUTHORIZED: 3081,
  MQRCCF_CLUSTER_NAME_CONFLICT: 3088,
  MQRCCF_CLUSTER_Q_USAGE_ERROR: 3090,
  MQRCCF_CFST_CONFLICTING_PARM: 3095,
  MQRCCF_PARM_SYNTAX_ERROR: 3097,
  MQRCCF_FILTER_ERROR: 3150,
  MQRCCF_DUPLICATE_SUBSCRIPTION: 3152,
  MQRCCF_SUB_NAME_ERROR: 3153,
  MQRCCF_SUBSCRIPTION_IN_USE: 3155,
  MQRCCF_OBJECT_IN_USE: 3160,
  MQRCCF_PORT_NUMBER_ERROR: 3167,
  MQRCCF_ENTITY_NAME_MISSING: 3169,
  MQRCCF_PROFILE_NAME_ERROR: 3170,
  MQRCCF_AUTH_VALUE_ERROR: 3171,
  MQRCCF_AUTH_VALUE_MISSING: 3172,
  MQRCCF_OBJECT_TYPE_MISSING: 3173,
  MQRCCF_NONE_FOUND: 3200,
  MQRCCF_SECURITY_SWITCH_OFF: 3201,
  MQRCCF_SECURITY_REFRESH_FAILED: 3202,
  MQRCCF_PARM_CONFLICT: 3203,
  MQRCCF_COMMAND_INHIBITED: 3204,
  MQRCCF_OBJECT_BEING_DELETED: 3205,
  MQRCCF_OBJECT_NAME_RESTRICTED: 3208,
  MQRCCF_OBJECT_LIMIT_EXCEEDED: 3209,
  MQRCCF_OBJECT_OPEN_FORCE: 3210,
  MQRCCF_ATTR_VALUE_FIXED: 3213,
  MQRCCF_NAMELIST_ERROR: 3215,
  MQRCCF_Q_ATTR_CONFLICT: 3223,
  /** Function not available on this platform/configuration. */
  MQRCCF_FUNCTION_RESTRICTED: 3227,
  MQRCCF_PARM_MISSING: 3228,
  MQRCCF_PARM_VALUE_ERROR: 3229,
  MQRCCF_COMMAND_LENGTH_ERROR: 3230,
  MQRCCF_LISTENER_CONFLICT: 3232,
  MQRCCF_LISTENER_STARTED: 3233,
  MQRCCF_LISTENER_STOPPED: 3234,
  MQRCCF_CHANNEL_ERROR: 3235,
  MQRCCF_UNKNOWN_USER_ID: 3237,
  MQRCCF_UNEXPECTED_ERROR: 3238,
  MQRCCF_LISTENER_RUNNING: 3249,
  MQRCCF_LSTR_STATUS_NOT_FOUND: 3250,
  MQRCCF_SERVICE_RUNNING: 3251,
  MQRCCF_SERV_STATUS_NOT_FOUND: 3252,
  MQRCCF_SERVICE_STOPPED: 3253,
  MQRCCF_LISTENER_STILL_ACTIVE: 3268,
  MQRCCF_TOPICSTR_ALREADY_EXISTS: 3300,
  MQRCCF_SHARING_CONVS_ERROR: 3301,
  MQRCCF_SHARING_CONVS_TYPE: 3302,
  MQRCCF_TOPIC_TYPE_ERROR: 3305,
  MQRCCF_MAX_INSTANCES_ERROR: 3306,
  MQRCCF_MAX_INSTS_PER_CLNT_ERR: 3307,
  MQRCCF_TOPIC_STRING_NOT_FOUND: 3308,
  MQRCCF_SUB_ALREADY_EXISTS: 3311,
  MQRCCF_UNKNOWN_OBJECT_NAME: 3312,
  MQRCCF_REMOTE_Q_NAME_ERROR: 3313,
  MQRCCF_DURABILITY_NOT_ALLOWED: 3314,
  MQRCCF_DEST_NAME_ERROR: 3316,
  MQRCCF_INVALID_DESTINATION: 3317,
  MQRCCF_PUBSUB_INHIBITED: 3318,
  MQRCCF_CHLAUTH_TYPE_ERROR: 3326,
  MQRCCF_CHLAUTH_ACTION_ERROR: 3327,
  MQRCCF_CHLAUTH_ALREADY_EXISTS: 3337,
  MQRCCF_CHLAUTH_NOT_FOUND: 3338,
  MQRCCF_CHANNEL_NOT_STARTED: 3354,
  MQRCCF_CUSTOM_ERROR: 3355,
  MQRCCF_CLROUTE_NOT_ALTERABLE: 3367,
  MQRCCF_ACCESS_BLOCKED: 3382,

  // Object and channel errors
  MQRCCF_OBJECT_ALREADY_EXISTS: 4001,
  MQRCCF_OBJECT_WRONG_TYPE: 4002,
  MQRCCF_LIKE_OBJECT_WRONG_TYPE: 4003,
  MQRCCF_OBJECT_OPEN: 4004,
  MQRCCF_ATTR_VALUE_ERROR: 4005,
  MQRCCF_UNKNOWN_Q_MGR: 4006,
  MQRCCF_Q_WRONG_TYPE: 4007,
  MQRCCF_OBJECT_NAME_ERROR: 4008,
  MQRCCF_ALLOCATE_FAILED: 4009,
  MQRCCF_HOST_NOT_AVAILABLE: 4010,
  MQRCCF_CONFIGURATION_ERROR: 4011,
  MQRCCF_CONNECTION_REFUSED: 4012,
  MQRCCF_ENTRY_ERROR: 4013,
  MQRCCF_SEND_FAILED: 4014,
  MQRCCF_RECEIVED_DATA_ERROR: 4015,
  MQRCCF_RECEIVE_FAILED: 4016,
  MQRCCF_CONNECTION_CLOSED: 4017,
  MQRCCF_NO_STORAGE: 4018,
  MQRCCF_NO_COMMS_MANAGER: 4019,
  MQRCCF_LISTENER_NOT_STARTED: 4020,
  MQRCCF_BIND_FAILED: 4024,
  MQRCCF_CHANNEL_INDOUBT: 4025,
  MQRCCF_MQCONN_FAILED: 4026,
  MQRCCF_MQOPEN_FAILED: 4027,
  MQRCCF_MQGET_FAILED: 4028,
  MQRCCF_MQPUT_FAILED: 4029,
  MQRCCF_PING_ERROR: 4030,
  MQRCCF_CHANNEL_IN_USE: 4031,
  MQRCCF_CHANNEL_NOT_FOUND: 4032,
  MQRCCF_UNKNOWN_REMOTE_CHANNEL: 4033,
  MQRCCF_REMOTE_QM_UNAVAILABLE: 4034,
  MQRCCF_REMOTE_QM_TERMINATING: 4035,
  MQRCCF_MQINQ_FAILED: 4036,
  MQRCCF_NOT_XMIT_Q: 4037,
  MQRCCF_CHANNEL_DISABLED: 4038,
  MQRCCF_USER_EXIT_NOT_AVAILABLE: 4039,
  MQRCCF_COMMIT_FAILED: 4040,
  MQRCCF_WRONG_CHANNEL_TYPE: 4041,
  MQRCCF_CHANNEL_ALREADY_EXISTS: 4042,
  MQRCCF_DATA_TOO_LARGE: 4043,
  MQRCCF_CHANNEL_NAME_ERROR: 4044,
  MQRCCF_XMIT_Q_NAME_ERROR: 4045,
  MQRCCF_MCA_NAME_ERROR: 4047,
  MQRCCF_SEND_EXIT_NAME_ERROR: 4048,
  MQRCCF_SEC_EXIT_NAME_ERROR: 4049,
  MQRCCF_MSG_EXIT_NAME_ERROR: 4050,
  MQRCCF_RCV_EXIT_NAME_ERROR: 4051,
  MQRCCF_XMIT_Q_NAME_WRONG_TYPE: 4052,
  MQRCCF_MCA_NAME_WRONG_TYPE: 4053,
  MQRCCF_DISC_INT_WRONG_TYPE: 4054,
  MQRCCF_SHORT_RETRY_WRONG_TYPE: 4055,
  MQRCCF_SHORT_TIMER_WRONG_TYPE: 4056,
  MQRCCF_LONG_RETRY_WRONG_TYPE: 4057,
  MQRCCF_LONG_TIMER_WRONG_TYPE: 4058,
  MQRCCF_PUT_AUTH_WRONG_TYPE: 4059,
  MQRCCF_KEEP_ALIVE_INT_ERROR: 4060,
  MQRCCF_MISSING_CONN_NAME: 4061,
  MQRCCF_CONN_NAME_ERROR: 4062,
  MQRCCF_MQSET_FAILED: 4063,
  MQRCCF_CHANNEL_NOT_ACTIVE: 4064,
  MQRCCF_TERMINATED_BY_SEC_EXIT: 4065,
  MQRCCF_MR_COUNT_ERROR: 4069,
  MQRCCF_MR_COUNT_WRONG_TYPE: 4070,
  MQRCCF_MR_EXIT_NAME_ERROR: 4071,
  MQRCCF_MR_EXIT_NAME_WRONG_TYPE: 4072,
  MQRCCF_MR_INTERVAL_ERROR: 4073,
  MQRCCF_MR_INTERVAL_WRONG_TYPE: 4074,
  MQRCCF_NPM_SPEED_ERROR: 4075,
  MQRCCF_NPM_SPEED_WRONG_TYPE: 4076,
  MQRCCF_HB_INTERVAL_ERROR: 4077,
  MQRCCF_HB_INTERVAL_WRONG_TYPE: 4078,
  MQRCCF_CHAD_ERROR: 4079,
  MQRCCF_CHAD_WRONG_TYPE: 4080,
  MQRCCF_SUPPRESSED_BY_EXIT: 4085,
  MQRCCF_BATCH_INT_ERROR: 4086,
  MQRCCF_BATCH_INT_WRONG_TYPE: 4087,
  MQRCCF_NET_PRIORITY_ERROR: 4088,
  MQRCCF_NET_PRIORITY_WRONG_TYPE: 4089,
  MQRCCF_CHANNEL_CLOSED: 4090,
  MQRCCF_Q_STATUS_NOT_FOUND: 4091,
  MQRCCF_SSL_CIPHER_SPEC_ERROR: 4092,
  MQRCCF_SSL_PEER_NAME_ERROR: 4093,
  MQRCCF_SSL_CLIENT_AUTH_ERROR: 4094,
  MQRCCF_RETAINED_NOT_SUPPORTED: 4095,
  MQRCCF_KWD_VALUE_WRONG_TYPE: 4096,
} as const;

export type MqrccfName = keyof typeof MQRCCF;
