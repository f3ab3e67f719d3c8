package dev.zapline.server;

/**
 * The routes under one path prefix, with middleware of their own on top of the levels above: what
 * {@link Routes#group} hands its body. Its registration methods return the group, so they chain; groups nest.
 *
 * {@snippet class=dev.zapline.server.snippets.AppSnippets region=group}
 *
 * <p>Valid only while the app is being configured, from the thread configuring it.
 */
public final class RouteGroup extends Routes<RouteGroup> {

    RouteGroup(String prefix, Routes<?> parent) {
        super(prefix, parent);
    }

    @Override
    RouteGroup self() {
        return this;
    }
}
