import { API_KEY_PREFIX, API_KEY_SCOPE_LABELS } from './api-keys.contract';
import {
  API_DOCS_PATH,
  API_MESSAGES,
  API_RATE_LIMIT,
  API_V1_UPLOADS_PATH,
  IDEMPOTENCY_KEY_MAX,
  type ApiClass,
  type apiV1Endpoints,
  type ApiErrorBody,
} from './api-v1.contract';
import type { EndpointBody, EndpointQuery, EndpointResponse, HttpMethod } from './endpoint';
import type { RideSegment } from './ride-track';
import { OBJECT_URL_HEADER } from './uploads.contract';

/**
 * The words and examples of the API's OpenAPI document (GET /api/v1/openapi.json, read at
 * /api/docs), beside the contract whose schemas they describe. Every example is typed by its
 * endpoint, and api-v1-document.test.ts checks each against the document's schema too.
 */

/** The ride track the examples show: a 20-minute class in three segments. */
const RIDE_TRACK_EXAMPLE: RideSegment[] = [
  {
    startSeconds: 0,
    endSeconds: 300,
    name: 'Warm-up',
    cadence: { min: 80, max: 90 },
    resistance: 3,
    zone: 2,
    position: 'seated',
    cue: 'Find your rhythm',
  },
  {
    startSeconds: 300,
    endSeconds: 900,
    name: 'Climb',
    cadence: { min: 60, max: 70 },
    resistance: 7,
    zone: 4,
    position: 'standing',
    cue: 'Out of the saddle on the chorus',
  },
  {
    startSeconds: 900,
    endSeconds: 1200,
    name: 'Cool-down',
    cadence: { min: 70, max: 80 },
    resistance: 2,
    zone: 1,
    position: 'seated',
    cue: '',
  },
];

export const API_V1_TAGS = [
  {
    name: 'Classes',
    description: 'Your classes: list, read, create from an upload, change, delete, reprocess.',
  },
  {
    name: 'Uploads',
    description: `Resumable uploads with tus 1.0.0 at ${API_V1_UPLOADS_PATH}: the same protocol and rules as the web app's uploads. A finished upload's ${OBJECT_URL_HEADER} becomes a class.`,
  },
  {
    name: 'Ride tracks',
    description:
      "A class's timeline of segments with the targets riders follow (cadence, resistance, effort zone, seated or standing, a cue), as JSON or WebVTT.",
  },
  { name: 'Analytics', description: "The analytics screen's figures, by date range and class." },
  {
    name: 'Locations',
    description: 'Your public pages: the gym itself, then its further locations.',
  },
] as const;
export type ApiV1Tag = (typeof API_V1_TAGS)[number]['name'];

/** The document's introduction (Markdown). */
export const API_V1_DESCRIPTION = `The Cadence API: your classes, uploads, analytics and locations, for your booking software, your site and your own tools. Elite Studio includes it.

**Authentication.** Make a key under Settings > API and send it as \`Authorization: Bearer ${API_KEY_PREFIX}…\`. A key is shown once; Cadence keeps only its hash. A key is either *${API_KEY_SCOPE_LABELS.read}* (scope \`read\`: every GET) or *${API_KEY_SCOPE_LABELS.write}* (scope \`write\`: everything); each operation names the scope it needs. A missing, unknown, malformed or revoked key gets the same \`401\` (with \`WWW-Authenticate: Bearer\`); a read key that writes, or any key once the plan no longer includes API access, gets \`403\`. A browser session never works here, and a key works nowhere else.

**Errors** are always \`{ "error": { "code", "message", "fields"? } }\`: \`code\` is stable and machine-readable (\`invalid_request\`, \`unauthorized\`, \`forbidden\`, \`not_found\`, \`conflict\`, \`idempotency_key_in_use\`, \`idempotency_key_reused\`, \`payload_too_large\`, \`unsupported_media_type\`, \`rate_limited\`), \`message\` is for people, \`fields\` lists each refused field of a query or body. Another owner's ids answer \`404\`, as missing ones do.

**Rate limits.** ${API_RATE_LIMIT.max} requests per key per ${API_RATE_LIMIT.windowMs / 1000} seconds (a fixed window). Every answer past authentication tells where you are: \`RateLimit-Limit\`, \`RateLimit-Remaining\` and \`RateLimit-Reset\` (seconds until the window starts again). Past the limit: \`429\` with \`Retry-After\`. An address that sends many keys that do not authenticate gets \`429\` too.

**Idempotency.** A POST may carry \`Idempotency-Key\` (1 to ${IDEMPOTENCY_KEY_MAX} visible ASCII characters, e.g. a UUID). The same key with the same request within 24 hours answers the first answer again (with \`Idempotent-Replayed: true\`) and does nothing twice; the same key with another request answers \`422\`; while the first is still running, \`409\` (retry in a moment). A \`5xx\` is not kept: retry with the same key.

**Pagination.** Lists answer \`{ "data": [...], "nextCursor": "…" }\`. Pass \`nextCursor\` back as \`cursor\` (with the same filters) for the next page; \`null\` means this was the last. \`limit\` is 1 to 100 (default 25). A cursor this API did not give answers \`400\`.

**Uploading a class.** 1. \`POST ${API_V1_UPLOADS_PATH}\` (tus) with \`Upload-Length\` and \`Upload-Metadata: filetype <base64 of video/mp4>\`: the answer's \`Location\` names the upload. 2. \`PATCH\` that address with the bytes (in one request or several, each from the offset \`HEAD\` tells): the last answers \`${OBJECT_URL_HEADER}\`. 3. \`POST /api/v1/classes\` with that address as \`upload\`. 4. Follow \`GET /api/v1/classes/{id}\` until \`status\` is \`enhanced\` (or \`failed\`).

The interactive reference is at [${API_DOCS_PATH}](${API_DOCS_PATH}).`;

/** A header the document names, with its words and an example value. */
export interface HeaderDoc {
  name: string;
  description: string;
  required?: boolean;
  example: string;
}

/** A tus request's headers and its answer, per method (the bytes are not JSON). */
export interface TusMethodDoc {
  /** The operation's one line (the descriptor's covers HEAD, PATCH and DELETE together). */
  summary?: string;
  status: number;
  description: string;
  requestHeaders: HeaderDoc[];
  responseHeaders: HeaderDoc[];
}

type Endpoints = typeof apiV1Endpoints;

/** What the document adds to one endpoint: its tag, longer words and examples. */
export interface OperationDoc<E> {
  tag: ApiV1Tag;
  description?: string;
  /** Example values of the path's parameters. */
  params?: Record<string, string>;
  /** Example query (each value is the parameter's example). */
  query?: EndpointQuery<E>;
  /** Example JSON body. */
  request?: EndpointBody<E>;
  /** Example success answer. */
  response?: EndpointResponse<E>;
  /** Statuses this operation answers beyond the ones every such operation has, with why. */
  errors?: Partial<Record<number, string>>;
  /** tus' operations: headers in, headers out, per method. */
  tus?: Partial<Record<HttpMethod, TusMethodDoc>>;
}

const CLASS_ID = '6f1c2a4e-8b7d-4c3a-9e21-5d0f7a9b3c12';
const INSTRUCTOR_ID = '0b7e2d94-3c1a-4f6e-8a25-7d9c4e1f6b38';
const ORIGIN = 'https://app.cadence.example';
const UPLOAD_URL = `${API_V1_UPLOADS_PATH}/b3duZXIvMjAyNi0xMS0yMC9hOGYzLm1wNA`;
const OBJECT_URL = '/api/objects/uploads/9c1e4b7a/2026-11-20/a8f3.mp4';

const readyClass: ApiClass = {
  id: CLASS_ID,
  title: 'Hill Climb 45',
  description: 'Seated climbs and standing sprints, 45 minutes.',
  status: 'enhanced',
  statusLabel: 'Ready',
  progress: null,
  processingNotes: null,
  durationSeconds: 2712,
  width: 1920,
  height: 1080,
  fileName: 'hill-climb-45.mp4',
  fileSizeBytes: 1_843_200_000,
  streamUrl: `${ORIGIN}/media/videos/${CLASS_ID}/hls/k3x9/master.m3u8`,
  posterUrl: `${ORIGIN}/media/videos/${CLASS_ID}/poster.jpg`,
  thumbnailUrl: `${ORIGIN}/media/videos/${CLASS_ID}/thumbnail.jpg`,
  offline: {
    url: `${ORIGIN}/media/videos/${CLASS_ID}/hls/k3x9/offline.mp4`,
    bytes: 758_112_404,
    version: 'k3x9',
  },
  uploadedAt: '2026-11-20T09:14:03.000Z',
  enhancedAt: '2026-11-20T09:41:55.000Z',
  updatedAt: '2026-11-20T09:41:55.000Z',
  instructorId: INSTRUCTOR_ID,
  difficulty: 'Advanced',
  classType: 'Climb',
  music: [
    { artist: 'Daft Punk', title: 'One More Time', startSeconds: 0 },
    { artist: 'Robyn', title: 'Dancing On My Own', startSeconds: 312 },
  ],
  equipmentNotes: 'A towel and a full bottle',
};

const newClass: ApiClass = {
  ...readyClass,
  status: 'uploaded',
  statusLabel: 'Pending Processing',
  durationSeconds: null,
  width: null,
  height: null,
  streamUrl: null,
  posterUrl: null,
  thumbnailUrl: null,
  offline: null,
  enhancedAt: null,
  updatedAt: readyClass.uploadedAt,
};

const tusResumable: HeaderDoc = {
  name: 'Tus-Resumable',
  description: 'The tus protocol version.',
  required: true,
  example: '1.0.0',
};
const objectUrl: HeaderDoc = {
  name: OBJECT_URL_HEADER,
  description:
    'Once the upload is whole: its stored address, to send as `upload` to POST /api/v1/classes.',
  example: OBJECT_URL,
};
const uploadOffset = (description: string, required = false): HeaderDoc => ({
  name: 'Upload-Offset',
  description,
  required,
  example: '1843200000',
});

export const API_V1_DOCS: { [K in keyof Endpoints]: OperationDoc<Endpoints[K]> } = {
  listClasses: {
    tag: 'Classes',
    description:
      'Newest upload first. Pass `nextCursor` back as `cursor` for the next page; `status` keeps one status only.',
    query: { limit: 2, status: 'enhanced' },
    response: {
      data: [
        readyClass,
        {
          ...readyClass,
          id: '0b8d5f3e-2c71-4a9e-b6d4-7e1f9a2c5b80',
          title: 'Sprint Intervals 30',
          durationSeconds: 1815,
          fileName: 'sprints.mov',
          streamUrl: `${ORIGIN}/media/videos/0b8d5f3e-2c71-4a9e-b6d4-7e1f9a2c5b80/hls/p2m7/master.m3u8`,
          posterUrl: `${ORIGIN}/media/videos/0b8d5f3e-2c71-4a9e-b6d4-7e1f9a2c5b80/poster.jpg`,
          thumbnailUrl: `${ORIGIN}/media/videos/0b8d5f3e-2c71-4a9e-b6d4-7e1f9a2c5b80/thumbnail.jpg`,
          offline: {
            url: `${ORIGIN}/media/videos/0b8d5f3e-2c71-4a9e-b6d4-7e1f9a2c5b80/hls/p2m7/offline.mp4`,
            bytes: 505_390_120,
            version: 'p2m7',
          },
          uploadedAt: '2026-11-18T17:02:41.000Z',
          enhancedAt: '2026-11-18T17:25:10.000Z',
          updatedAt: '2026-11-18T17:25:10.000Z',
        },
      ],
      nextCursor: 'MTc2MzQ4NTM2MTAwMC4wYjhkNWYzZS0yYzcxLTRhOWUtYjZkNC03ZTFmOWEyYzViODA',
    },
  },
  createClass: {
    tag: 'Classes',
    description: `\`upload\` is the ${OBJECT_URL_HEADER} a finished tus upload answered (the upload must be yours and whole). Processing (enhancement, then packaging for streaming) starts at once: follow it with GET /api/v1/classes/{id}. Send an Idempotency-Key so a retry never makes a second class.`,
    request: {
      title: 'Hill Climb 45',
      description: 'Seated climbs and standing sprints, 45 minutes.',
      upload: OBJECT_URL,
      fileName: 'hill-climb-45.mp4',
      difficulty: 'Intermediate',
      classType: 'Climb',
      equipmentNotes: 'A towel and a full water bottle.',
      addLogo: true,
      logoPlacement: { corner: 'top-right', size: 12, opacity: 90 },
    },
    response: newClass,
  },
  getClass: {
    tag: 'Classes',
    description:
      '`status` moves from `uploaded` to `processing` (with `progress`, 0-100) to `enhanced`, or `failed` with `processingNotes`. `streamUrl` (HLS) is set once the class is ready.',
    params: { id: CLASS_ID },
    response: readyClass,
  },
  updateClass: {
    tag: 'Classes',
    params: { id: CLASS_ID },
    request: { title: 'Hill Climb 50' },
    response: { ...readyClass, title: 'Hill Climb 50', updatedAt: '2026-11-21T08:00:12.000Z' },
  },
  deleteClass: {
    tag: 'Classes',
    description: 'The class, its original, its enhanced versions and its stream are deleted.',
    params: { id: CLASS_ID },
  },
  reprocessClass: {
    tag: 'Classes',
    params: { id: CLASS_ID },
    request: { backgroundId: 'sunset-road' },
    response: { ...readyClass, status: 'processing', statusLabel: 'Being Enhanced', progress: 0 },
    errors: { 409: 'The class is not ready yet, or is being processed' },
  },
  getRideTrack: {
    tag: 'Ride tracks',
    description:
      'Segments cover the class in order, in whole seconds: the first starts at 0, each starts where the one before ends, the last ends at `durationSeconds`. `cadence` is RPM, `resistance` 1 to 10, `zone` 1 to 5; each may be null.',
    params: { id: CLASS_ID },
    response: { segments: RIDE_TRACK_EXAMPLE },
    errors: { 404: 'The class has no ride track (or is not yours)' },
  },
  getRideTrackVtt: {
    tag: 'Ride tracks',
    description:
      'The same segments as a WebVTT metadata track (`kind="metadata"`): each cue spans a segment, and its text is the segment as one line of JSON.',
    params: { id: CLASS_ID },
    errors: { 404: 'The class has no ride track (or is not yours)' },
  },
  putRideTrack: {
    tag: 'Ride tracks',
    description:
      'Replaces the whole track. A refused track answers `400` with `fields` naming each segment and field, e.g. `segments.1.startSeconds`.',
    params: { id: CLASS_ID },
    request: { segments: RIDE_TRACK_EXAMPLE },
    response: { segments: RIDE_TRACK_EXAMPLE },
    errors: { 400: 'The segments do not cover the class in order, or a target is out of range' },
  },
  deleteRideTrack: {
    tag: 'Ride tracks',
    description: 'The class plays without a ride track.',
    params: { id: CLASS_ID },
    errors: { 404: 'The class has no ride track (or is not yours)' },
  },
  analytics: {
    tag: 'Analytics',
    description:
      'Without `from` and `to`: the last 30 days up to now. Days and hours are in `tz` (IANA, default UTC). `video` narrows to one class, `location` to one public page.',
    query: { from: '2026-11-16', to: '2026-11-17', tz: 'Europe/London' },
    response: {
      period: {
        days: 2,
        from: '2026-11-16T00:00:00.000Z',
        to: '2026-11-17T23:59:59.999Z',
        timeZone: 'Europe/London',
        firstDay: '2026-11-16',
        lastDay: '2026-11-17',
        custom: true,
      },
      video: null,
      videoCount: 2,
      summary: {
        totalViews: { value: 41, change: 17.1 },
        watchTimeHours: { value: 22.5, change: 9.8 },
        activeStudents: { value: 19, change: null },
        engagementRate: { value: 71.3, change: -2.4 },
      },
      viewsThisWeek: [
        { date: '2026-11-16', views: 18 },
        { date: '2026-11-17', views: 23 },
      ],
      viewsByDay: [
        { date: '2026-11-16', views: 18 },
        { date: '2026-11-17', views: 23 },
      ],
      topVideos: [{ videoId: CLASS_ID, title: 'Hill Climb 45', views: 41, watchTimeHours: 22.5 }],
      videoPerformance: [
        {
          videoId: CLASS_ID,
          title: 'Hill Climb 45',
          processingStatus: 'enhanced',
          durationSeconds: 2712,
          views: 41,
          uniqueViewers: 19,
          watchTimeHours: 22.5,
          completionRate: 71.3,
          lastViewedAt: '2026-11-17T18:42:10.000Z',
        },
      ],
      studentActivity: {
        activeStudents: 19,
        byDay: [
          { date: '2026-11-16', activeStudents: 9 },
          { date: '2026-11-17', activeStudents: 12 },
        ],
        busiestHours: [
          { hour: 7, views: 14 },
          { hour: 18, views: 27 },
        ],
      },
    },
  },
  listInstructors: {
    tag: 'Classes',
    description:
      "The studio's instructors (managed under Instructors in the app), by name. A class's `instructorId` names one of them; `classCount` is how many classes do.",
    response: {
      data: [
        {
          id: INSTRUCTOR_ID,
          name: 'Maya Ortiz',
          photoUrl: `${ORIGIN}/api/instructor-photos/9c1e4b7a-2f3d-4e5b-8a6c-7d8e9f0a1b2c/3f9a1c7e5b2d4a6c8e0f1a2b.webp`,
          classCount: 12,
        },
      ],
      nextCursor: null,
    },
  },
  listLocations: {
    tag: 'Locations',
    description:
      'The gym itself (`id` "main") first, then each further location. `online`: its page is live. `classIds`: the classes it shows.',
    response: {
      data: [
        {
          id: 'main',
          name: 'Pulse Cycle Studio',
          slug: 'pulse-cycle',
          url: `${ORIGIN}/gym/pulse-cycle`,
          online: true,
          classIds: [CLASS_ID],
        },
        {
          id: '3a9e7c21-5b4d-4f80-9c6e-1d2b8a7f4e53',
          name: 'Pulse Cycle Harbourside',
          slug: 'pulse-cycle-harbourside',
          url: 'https://ride.pulsecycle.example',
          online: true,
          classIds: [],
        },
      ],
      nextCursor: null,
    },
  },
  uploadCreate: {
    tag: 'Uploads',
    description:
      'tus creation (with the creation-with-upload extension: the first bytes may come in this request). Video files only, up to 2 GB; unfinished uploads count against a quota.',
    tus: {
      POST: {
        status: 201,
        description: 'Created: `Location` names the upload',
        requestHeaders: [
          tusResumable,
          {
            name: 'Upload-Length',
            description: "The file's size in bytes (at most 2 GB).",
            required: true,
            example: '1843200000',
          },
          {
            name: 'Upload-Metadata',
            description:
              'Comma-separated `key base64value` pairs; `filetype` (a video/* type) is required, `filename` is kept.',
            required: true,
            example: 'filetype dmlkZW8vbXA0,filename aGlsbC1jbGltYi00NS5tcDQ=',
          },
        ],
        responseHeaders: [
          {
            name: 'Location',
            description: "The upload's address (relative): HEAD, PATCH and DELETE it.",
            required: true,
            example: UPLOAD_URL,
          },
          { ...tusResumable, required: true },
        ],
      },
    },
  },
  upload: {
    tag: 'Uploads',
    description: 'One of your tus uploads, by the address its creation answered in `Location`.',
    params: { rest: UPLOAD_URL.slice(API_V1_UPLOADS_PATH.length + 1) },
    tus: {
      HEAD: {
        summary: 'tus: how much of the upload has arrived (resume a PATCH from Upload-Offset)',
        status: 200,
        description: 'Where the upload is: resume a PATCH from `Upload-Offset`',
        requestHeaders: [tusResumable],
        responseHeaders: [
          uploadOffset('The bytes received so far.', true),
          {
            name: 'Upload-Length',
            description: "The file's size in bytes.",
            example: '1843200000',
          },
          objectUrl,
        ],
      },
      PATCH: {
        summary: 'tus: sends the next bytes; the last PATCH answers Cadence-Object-Url',
        status: 204,
        description: 'The bytes were stored; the last PATCH answers Cadence-Object-Url',
        requestHeaders: [
          tusResumable,
          uploadOffset('Where these bytes start: the offset HEAD answered (0 at first).', true),
          {
            name: 'Content-Type',
            description: 'tus requires this type for the bytes.',
            required: true,
            example: 'application/offset+octet-stream',
          },
        ],
        responseHeaders: [uploadOffset('The bytes received so far.', true), objectUrl],
      },
      DELETE: {
        summary: 'tus: cancels an upload and deletes its bytes',
        status: 204,
        description: 'The upload was cancelled and its bytes deleted',
        requestHeaders: [tusResumable],
        responseHeaders: [],
      },
    },
  },
};

/** An example of each error answer the API gives, by status. */
export const API_V1_ERROR_EXAMPLES: Record<number, ApiErrorBody> = {
  400: {
    error: {
      code: 'invalid_request',
      message: 'Title is required',
      fields: [{ field: 'title', message: 'Title is required' }],
    },
  },
  401: {
    error: {
      code: 'unauthorized',
      message: `A valid API key is required: send it as "Authorization: Bearer ${API_KEY_PREFIX}…".`,
    },
  },
  403: {
    error: {
      code: 'forbidden',
      message:
        'This API key may only read. Make a key with read and write access to change anything.',
    },
  },
  404: { error: { code: 'not_found', message: API_MESSAGES.classNotFound } },
  409: { error: { code: 'idempotency_key_in_use', message: API_MESSAGES.idempotencyInFlight } },
  413: { error: { code: 'payload_too_large', message: 'Request body is too large' } },
  415: {
    error: { code: 'unsupported_media_type', message: 'Send the body as application/json' },
  },
  422: { error: { code: 'idempotency_key_reused', message: API_MESSAGES.idempotencyReused } },
  429: { error: { code: 'rate_limited', message: API_MESSAGES.rateLimited } },
};
