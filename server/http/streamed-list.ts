/**
 * The spec's unpaged lists (its client asks for limit = Number.MAX_SAFE_INTEGER) answered as a stream (issue 17):
 * `{"data":[…],"total":N}` written a batch of records at a time as the cursor reads them, so that a tenant's
 * 100,000 records never sit whole in memory, the first bytes leave at once, and other people's requests are served
 * between batches. The reply's shape is the list reply's; @fastify/compress compresses the stream like any answer.
 * The count runs alongside the rows and is written last.
 */
import { Readable } from 'node:stream';
import type { FastifyReply } from 'fastify';
import type { ApiRecord, ListOptions, ListStream } from '../db/repository';

/** Above this many records a list is not a page: it is streamed. */
export const LARGEST_PAGE = 1_000;

export function isUnpaged(options: ListOptions): boolean {
  return options.limit === undefined || options.limit > LARGEST_PAGE;
}

async function* listJson(first: IteratorResult<ApiRecord[]>, stream: ListStream): AsyncGenerator<string> {
  try {
    yield '{"data":[';
    let separator = '';
    for (let batch = first; !batch.done; ) {
      // The next batch is asked of the database before this one is written, so reading and sending overlap.
      const next = stream.batches.next();
      // Awaited below; if the reader goes away first, its failure has no one to tell.
      next.catch(() => undefined);
      // One stringify per batch, its brackets dropped: the records joined by commas.
      if (batch.value.length > 0) {
        yield separator + JSON.stringify(batch.value).slice(1, -1);
        separator = ',';
      }
      batch = await next;
    }
    yield `],"total":${await stream.total}}`;
  } finally {
    // A reader who went away (the person closed the page) leaves the cursor early: its connection goes back now.
    await stream.batches.return(undefined);
  }
}

/**
 * Sends the list as a stream. The first batch is read before anything is sent, so a list that cannot be read at
 * all (the database is down) is answered with its error status like any request; a failure after that ends the
 * reply early, which the client sees as a failed request.
 */
export async function sendStreamedList(reply: FastifyReply, stream: ListStream): Promise<FastifyReply> {
  // A failure here ends the cursor's generator, which gives its connection back before the error is answered.
  const first = await stream.batches.next();
  reply.type('application/json; charset=utf-8');
  // A megabyte of text may wait for the socket, so that the next batch is being read and written meanwhile.
  return reply.send(Readable.from(listJson(first, stream), { objectMode: false, highWaterMark: 1 << 20 }));
}
