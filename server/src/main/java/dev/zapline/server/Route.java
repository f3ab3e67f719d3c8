package dev.zapline.server;

/** What a route resolves to: its pattern and the precompiled chain of middleware then handlers it runs. */
record Route(String pattern, Handler[] chain) {}
