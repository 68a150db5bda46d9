/** `application_name` of a serving node's pool connections (counted by the CLI's seed --offline). */
export const SERVER_APPLICATION_NAME = 'vp-admin-kit';
/** `application_name` of a serving node's LISTEN connection. */
export const SERVER_EVENTS_APPLICATION_NAME = `${SERVER_APPLICATION_NAME} events`;
/** `application_name` of the CLI's connections. */
export const CLI_APPLICATION_NAME = 'vp-admin-kit cli';
