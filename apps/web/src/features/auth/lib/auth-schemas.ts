// The auth feature's zod schemas, in a chunk of their own: the login screen shows without the schema
// library (issue #35; zod was a seventh of its download). Load them with loadAuthSchemas().
export { authStatusSchema, loginRequestSchema, loginResponseSchema } from '@abp/contracts';
