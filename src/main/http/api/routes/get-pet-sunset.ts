import type { FastifyRequest } from 'fastify';
import { API_BASE_PATH } from '../../../../shared/environments';
import { absoluteUrl } from '../../request-host';
import type { ResponseHeaders } from '../responses';

/**
 * getPet's deprecation policy, from one date each: deprecated (RFC 9745) since the first, removed
 * (RFC 8594, then 410 `gone`) at the seed's sunset. The headers, their documentation and the words
 * of the route and its 410 are all made from these two.
 */
export const GET_PET_DEPRECATED_AT = Date.UTC(2026, 0, 1);
export const GET_PET_SUNSET_AT = Date.UTC(2030, 11, 5);

/** `@1767225600`: RFC 9745 counts seconds. */
const DEPRECATION_VALUE = `@${GET_PET_DEPRECATED_AT / 1000}`;
/** `Thu, 05 Dec 2030 00:00:00 GMT`: RFC 8594 takes an HTTP date. */
const SUNSET_VALUE = new Date(GET_PET_SUNSET_AT).toUTCString();
/** `2030-12-05`, the OpenAPI document's `x-sunset`. */
export const GET_PET_SUNSET_DAY = new Date(GET_PET_SUNSET_AT).toISOString().slice(0, 10);
const MONTHS = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
];
const sunset = new Date(GET_PET_SUNSET_AT);
/** `5 December 2030`, for people. Not Intl: a date format made as the server starts keeps MiB of ICU's locale data resident. */
export const GET_PET_SUNSET_WORDS = `${sunset.getUTCDate()} ${MONTHS[sunset.getUTCMonth()]} ${sunset.getUTCFullYear()}`;

/** The deprecated route's headers as the OpenAPI document describes them. */
export const DEPRECATION_HEADERS: ResponseHeaders = {
  Deprecation: {
    type: 'string',
    description: `RFC 9745: \`${DEPRECATION_VALUE}\`, deprecated since ${new Date(GET_PET_DEPRECATED_AT).toISOString().slice(0, 10)}.`,
  },
  Sunset: { type: 'string', description: `RFC 8594: \`${SUNSET_VALUE}\`.` },
  Link: { type: 'string', description: '`<…/v1/pets>; rel="successor-version"`, the replacement.' },
};

/** RFC 9745 Deprecation, RFC 8594 Sunset and the successor Link, for a deprecated route. */
export function deprecationHeaders(request: FastifyRequest): Record<string, string> {
  return {
    deprecation: DEPRECATION_VALUE,
    sunset: SUNSET_VALUE,
    link: `<${absoluteUrl(request, `${API_BASE_PATH}/pets`)}>; rel="successor-version"`,
  };
}
