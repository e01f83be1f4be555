/**
 * I/O engines in the style of fio's: an engine only submits requests and reaps completions; the
 * runner ({@code dev.sustain.run}) owns the queue depth and the clock. Engines: {@code threads}
 * (portable positional writes from N threads), {@code null} (no I/O, for tests and for the tool's
 * own ceiling) and {@code uring} (Linux io_uring over java.lang.foreign, with the file and the
 * request buffers registered as fio's registerfiles and fixedbufs, the plain path where the kernel
 * refuses). {@code FileSpace} preallocates a file (fallocate). All java.lang.foreign code stays in
 * this package ({@code LinuxNative}, {@code IoUringRing}); failures are reported as Linux errno
 * values ({@link dev.sustain.engine.ErrnoException}, or a negated errno in a slot), named by {@link
 * dev.sustain.engine.Errno}; callers decide by the number, never by the words.
 */
package dev.sustain.engine;
