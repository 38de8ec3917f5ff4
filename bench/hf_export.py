#!/usr/bin/env python3
"""Exports Hugging Face transformers models (random weights from their
published configurations, fewer layers, batch 1) to linalg on tensors with
torch-mlir's FX importer: language models from another project, for the
held-out runs of docs/results.md ("Hugging Face models"). Not part of the
tests (CI has no PyTorch).

usage: hf_export.py OUT_DIR [--seq N] [--layers N] [--vocab N] [NAME ...]
                 (default: all below, seq 64, 2 layers, vocabulary 8192)

The language models take token ids (i64, 1 x seq) and return their logits
or last hidden state; the image and sound models (vit, deit, wav2vec2,
whisper_encoder, segformer, mobilevit, convnextv2) take an f32 tensor and
return their last hidden state. No network: the configurations are built here, not
downloaded. Needs torch, transformers and torch-mlir in one venv
(transformers 5.24.0 with torch 2.15.0 and torch-mlir 20261001 were used).
"""
import argparse
import os
import sys

from common import export_linalg


def configs(layers):
    import transformers as T

    # name: (model class, config); the dimensions are the published ones.
    return {
        "gpt2": (T.GPT2LMHeadModel, T.GPT2Config(n_layer=layers)),
        "bert_base": (T.BertModel, T.BertConfig(num_hidden_layers=layers)),
        "distilbert": (T.DistilBertModel,
                       T.DistilBertConfig(n_layers=layers)),
        "roberta_base": (T.RobertaModel,
                         T.RobertaConfig(num_hidden_layers=layers)),
        "llama": (T.LlamaForCausalLM, T.LlamaConfig(
            hidden_size=2048, intermediate_size=5632, num_attention_heads=32,
            num_key_value_heads=4,
            num_hidden_layers=layers)),  # TinyLlama-1.1B's shape
        "qwen2": (T.Qwen2ForCausalLM, T.Qwen2Config(
            hidden_size=896, intermediate_size=4864, num_attention_heads=14,
            num_key_value_heads=2, num_hidden_layers=layers,
            tie_word_embeddings=True)),  # Qwen2-0.5B
        "opt_125m": (T.OPTForCausalLM, T.OPTConfig(num_hidden_layers=layers)),
        "bloom_560m": (T.BloomForCausalLM, T.BloomConfig(
            hidden_size=1024, n_head=16, n_layer=layers)),
        "t5_small_encoder": (T.T5EncoderModel, T.T5Config(
            num_layers=layers)),
        "albert_base": (T.AlbertModel, T.AlbertConfig(
            hidden_size=768, num_attention_heads=12, intermediate_size=3072,
            num_hidden_layers=layers)),
        "phi": (T.PhiForCausalLM, T.PhiConfig(
            hidden_size=2048, intermediate_size=8192, num_attention_heads=32,
            num_hidden_layers=layers, partial_rotary_factor=0.5)),  # phi-1.5
        "gemma": (T.GemmaForCausalLM, T.GemmaConfig(
            hidden_size=2048, intermediate_size=16384, num_attention_heads=8,
            num_key_value_heads=1, head_dim=256,
            num_hidden_layers=layers)),  # gemma-2b
    }


def media_configs(layers):
    import transformers as T

    # name: (constructor of a config, config, input shape): models of
    # images and sound, which return their last hidden state.
    return {
        "vit": (T.ViTModel, T.ViTConfig(num_hidden_layers=layers),
                (1, 3, 224, 224)),
        "deit": (T.DeiTModel, T.DeiTConfig(num_hidden_layers=layers),
                 (1, 3, 224, 224)),
        "wav2vec2": (T.Wav2Vec2Model,
                     T.Wav2Vec2Config(num_hidden_layers=layers), (1, 8000)),
        "whisper_encoder": (lambda c: T.WhisperModel(c).encoder,
                            T.WhisperConfig(encoder_layers=layers,
                                            decoder_layers=1,
                                            max_source_positions=250),
                            (1, 80, 500)),
        "segformer": (T.SegformerModel, T.SegformerConfig(),
                      (1, 3, 128, 128)),
        "mobilevit": (T.MobileViTModel, T.MobileViTConfig(),
                      (1, 3, 128, 128)),
        "convnextv2": (T.ConvNextV2Model,
                       T.ConvNextV2Config(depths=[1, 1, 1, 1]),
                       (1, 3, 128, 128)),
    }


def wrap(model):
    """The model as a module that returns one tensor: logits or the last
    hidden state."""
    import inspect
    import torch

    kwargs = {"return_dict": True}
    if "use_cache" in inspect.signature(model.forward).parameters:
        kwargs["use_cache"] = False

    class Wrapped(torch.nn.Module):
        def __init__(self):
            super().__init__()
            self.m = model

        def forward(self, x):
            out = self.m(x, **kwargs) if x.is_floating_point() \
                else self.m(input_ids=x, **kwargs)
            return out.logits if hasattr(out, "logits") \
                else out.last_hidden_state

    return Wrapped()


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("out")
    parser.add_argument("names", nargs="*")
    parser.add_argument("--seq", type=int, default=64)
    parser.add_argument("--layers", type=int, default=2)
    parser.add_argument("--vocab", type=int, default=8192,
                        help="vocabulary size (the published ones make "
                        "exports of gigabytes)")
    args = parser.parse_args()
    import torch
    os.makedirs(args.out, exist_ok=True)
    table = configs(args.layers)
    media = media_configs(args.layers)
    failed = 0
    for name in args.names or list(table) + list(media):
        torch.manual_seed(0)
        if name in media:
            cls, config, shape = media[name]
            example = torch.randn(*shape)
        else:
            cls, config = table[name]
            config.vocab_size = args.vocab
            example = torch.randint(0, args.vocab, (1, args.seq))
        config._attn_implementation = "eager"
        model = cls(config).eval()
        # The importer maps only persistent buffers (position ids, rotary
        # frequencies are not): make them all persistent.
        for m in model.modules():
            m._non_persistent_buffers_set.clear()
        if not export_linalg(name, wrap(model), example, args.out):
            failed += 1
    sys.exit(1 if failed else 0)


if __name__ == "__main__":
    main()
