/** Internals of the transport module; not API. */
package dev.zapline.transport.internal;
