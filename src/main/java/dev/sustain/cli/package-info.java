/**
 * The command line: one thin picocli class per subcommand that parses, delegates to the domain
 * packages and maps failures to exit codes (0 done, 1 run failed, 2 bad input, 3 bad data, 130
 * interrupted). Nothing here measures or analyses.
 */
package dev.sustain.cli;
