package dev.sustain.bench.jmh_generated;
public class PatternJmh_jmhType extends PatternJmh_jmhType_B3 {
}

