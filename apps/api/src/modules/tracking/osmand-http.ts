import net from 'node:net';
import {
  answerBytes,
  CRLF_CRLF,
  Framing,
  type Head,
  type PortAnswer,
  type PortLimits,
  type PortRequest,
  parseHead,
  readChunked,
} from './osmand-http-framing.ts';

export type { PortAnswer, PortLimits, PortRequest };

/*
 * The OsmAnd port's HTTP/1.1, read straight off the socket. A position is one small request, and
 * Node's `http` cost about a quarter of the ingest's CPU per position (two streams, a headers
 * object and a dozen events per request: 71 against 52 µs a position, docs/benchmarks.md). This
 * reads exactly what the port needs: the method, the request target, `Content-Type` and a body of
 * at most `maxBody` bytes (by `Content-Length` or chunked); keep-alive and pipelined requests
 * answered in order; `Expect: 100-continue`; and it refuses what Node refuses (malformed lines,
 * both `Content-Length` and `Transfer-Encoding`, conflicting lengths, oversize headers or bodies),
 * closing the connection after every refusal of the framing (osmand-http-framing.ts).
 */

type Connection = {
  socket: net.Socket;
  buf: Buffer | null;
  head: Head | null;
  headBytes: number;
  /** A request is being answered: the next (pipelined) one waits. */
  busy: boolean;
  /** Until when the request being received may take, or the idle connection may stay. */
  deadline: number;
  receiving: boolean;
  /** The client ended its side (a request, then FIN): answered, then closed. */
  ended: boolean;
};

/** What a port's connections share: its limits, its handler and the connections open. */
type Port = {
  limits: PortLimits;
  handle: (req: PortRequest) => Promise<PortAnswer>;
  connections: Set<Connection>;
};

/**
 * A server for small HTTP/1.1 requests: `handle` answers each with a status and a text body
 * (`text/plain; charset=utf-8`). `closeAll` ends every connection (shutdown).
 */
export function createPortServer(
  limits: PortLimits,
  handle: (req: PortRequest) => Promise<PortAnswer>,
): net.Server & { closeAll: () => void } {
  const port: Port = { limits, handle, connections: new Set<Connection>() };
  // Half-open: a client may send its request and end its side at once; it still gets its answer.
  const server = net.createServer({ noDelay: true, allowHalfOpen: true }, (socket) => accept(port, socket));
  // One sweep a second ends requests that take too long to arrive (408) and idle keep-alive connections.
  const sweep = setInterval(() => sweepConnections(port), 1000);
  sweep.unref();
  server.on('close', () => clearInterval(sweep));

  return Object.assign(server, {
    closeAll() {
      for (const c of port.connections) {
        c.socket.destroy();
      }
    },
  });
}

/** Answers a refusal of the framing and closes the connection. */
function refuse(c: Connection, status: number, reason: string) {
  c.busy = true;
  c.buf = null;
  c.socket.end(answerBytes({ status, body: `${reason}\n`, close: true }, false));
}

/** A client that ended its side is closed once nothing of its is being answered. */
function endIfDone(c: Connection) {
  if (c.ended && !c.busy && !c.socket.destroyed) {
    c.socket.end();
  }
}

/** Takes the connection's requests in order, one at a time, while their bytes are there. */
function next(port: Port, c: Connection): void {
  while (!c.busy && c.buf && !c.socket.destroyed) {
    try {
      if (!takeRequest(port, c, c.buf)) {
        return;
      }
    } catch (err) {
      if (err instanceof Framing) {
        refuse(c, err.status, err.reason);
        return;
      }
      throw err;
    }
  }
}

/**
 * Reads one request off the bytes received and hands it to the handler; false when its bytes are
 * not all there yet (the connection waits for more).
 */
function takeRequest(port: Port, c: Connection, buf: Buffer): boolean {
  if (!c.head) {
    // A client may send empty lines before its request (RFC 9112, 2.2).
    let skip = 0;
    while (buf[skip] === 13 && buf[skip + 1] === 10) {
      skip += 2;
    }
    if (skip) {
      const after = buf.subarray(skip);
      c.buf = after.length ? after : null;
      return true;
    }
  }
  const head = c.head ?? readHead(port.limits, c, buf);
  if (!head) {
    return false;
  }
  const rest = buf.subarray(c.headBytes);
  let body: Buffer;
  let used: number;
  if (head.chunked) {
    const read = readChunked(rest, port.limits.maxBody);
    if (!read) {
      return false;
    }
    body = read.body;
    used = read.used;
  } else {
    const length = head.length ?? 0;
    if (rest.length < length) {
      return false;
    }
    body = rest.subarray(0, length);
    used = length;
  }
  c.buf = rest.length > used ? rest.subarray(used) : null;
  c.head = null;
  c.receiving = false;
  c.busy = true;
  dispatch(port, c, head, body);
  return true;
}

/** Parses the request's head once it is all there (null: not yet), answering `100 Continue` when asked. */
function readHead(limits: PortLimits, c: Connection, buf: Buffer): Head | null {
  if (!c.receiving) {
    c.receiving = true;
    c.deadline = Date.now() + limits.requestTimeoutMs;
  }
  const end = buf.indexOf(CRLF_CRLF);
  if (end < 0 || end > limits.maxHeader) {
    if (buf.length > limits.maxHeader) {
      throw new Framing(431, 'headers: too large');
    }
    return null;
  }
  const head = parseHead(buf.toString('latin1', 0, end), limits.maxBody);
  c.head = head;
  c.headBytes = end + 4;
  if (head.expectContinue && buf.length === c.headBytes && (head.chunked || (head.length ?? 0) > 0)) {
    c.socket.write('HTTP/1.1 100 Continue\r\n\r\n');
  }
  return head;
}

/** Hands a request to the handler; its answer is written, then the next pipelined request taken. */
function dispatch(port: Port, c: Connection, head: Head, body: Buffer) {
  // The body is a view of the bytes read; they are never written to again (more data makes a new buffer).
  const request = { method: head.method, target: head.target, contentType: head.contentType, body, remote: c.socket.remoteAddress };
  const answered = (a: PortAnswer) => {
    const close = a.close || !head.keepAlive;
    if (!c.socket.destroyed) {
      c.socket.write(answerBytes(close ? { ...a, close } : a, head.keepAliveHeader));
      if (close) {
        c.socket.end();
        return;
      }
    }
    c.busy = false;
    c.deadline = Date.now() + port.limits.keepAliveMs;
    if (c.socket.isPaused()) {
      c.socket.resume();
    }
    next(port, c);
    endIfDone(c);
  };
  port.handle(request).then(answered, () => answered({ status: 503, body: 'try again later\n' }));
}

/** A new connection: its bytes are read as they come, its requests answered in order. */
function accept(port: Port, socket: net.Socket) {
  const { limits, connections } = port;
  const c: Connection = {
    socket,
    buf: null,
    head: null,
    headBytes: 0,
    busy: false,
    deadline: Date.now() + limits.keepAliveMs,
    receiving: false,
    ended: false,
  };
  connections.add(c);
  socket.on('data', (chunk: Buffer) => {
    c.buf = c.buf ? Buffer.concat([c.buf, chunk]) : chunk;
    if (c.busy) {
      // Pipelined requests wait for the answer before; a client that keeps sending is paused.
      if (c.buf.length > limits.maxHeader + limits.maxBody) {
        socket.pause();
      }
      return;
    }
    next(port, c);
  });
  socket.on('end', () => {
    c.ended = true;
    endIfDone(c);
  });
  socket.on('error', () => socket.destroy());
  socket.on('close', () => connections.delete(c));
}

/** Ends requests that take too long to arrive (408) and idle keep-alive connections. */
function sweepConnections({ connections }: Port) {
  const now = Date.now();
  for (const c of connections) {
    if (c.deadline < now && !c.busy) {
      if (c.receiving) {
        refuse(c, 408, 'request: not received in time');
      } else {
        c.socket.destroy();
      }
    }
  }
}
