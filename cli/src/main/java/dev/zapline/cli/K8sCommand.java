package dev.zapline.cli;

import picocli.CommandLine;
import picocli.CommandLine.Command;

/** {@code zapline k8s}: Kubernetes manifests for zapline runs (docs/distributed.md, "Running on Kubernetes"). */
@Command(
        name = "k8s",
        mixinStandardHelpOptions = true,
        description = "Print Kubernetes manifests that run zapline in a cluster.",
        subcommands = {K8sJobCommand.class})
final class K8sCommand implements Runnable {

    @CommandLine.Spec
    CommandLine.Model.CommandSpec spec;

    @Override
    public void run() {
        spec.commandLine().usage(spec.commandLine().getOut());
    }
}
