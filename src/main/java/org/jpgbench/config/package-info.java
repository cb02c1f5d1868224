/**
 * {@link org.jpgbench.config.Options}: everything the command line says, validated once by {@code
 * cli} and immutable afterwards; the one thing {@code run} and {@code init} are given. Depends on
 * nothing of jpgbench's.
 */
package org.jpgbench.config;
